//! Rebuilds when a translation catalog changes: they are compiled into the program, and cargo
//! does not otherwise know the Rust code depends on them. Also stamps the build's date for the
//! About screen (`SOURCE_DATE_EPOCH` when set, for reproducible packages).

fn main() {
    println!("cargo:rerun-if-changed=assets/locales");
    for lang in ["en", "ru", "uz"] {
        println!("cargo:rerun-if-changed=assets/locales/{lang}.toml");
    }
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    let seconds = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
        });
    println!(
        "cargo:rustc-env=PARCEL_DESK_BUILD_DATE={}",
        civil_date(seconds / 86_400)
    );
}

/// The proleptic Gregorian date of a count of days since 1970-01-01 (Howard Hinnant's
/// days-to-civil algorithm), as YYYY-MM-DD.
fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
