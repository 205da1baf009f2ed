//! `parcel-desk label` run as a shop's script runs it: whether it succeeded, what it printed,
//! and what it said on standard error.

use parcel_desk::label::Dpi;
use parcel_desk::label::raster::Raster;
use std::path::Path;
use std::process::Command;

/// Runs `parcel-desk label` with `args`: (succeeded, standard output, standard error).
pub(crate) fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .arg("label")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A PNG the command wrote, as pixels drawn at `dpi`.
pub(crate) fn read_png(path: &Path, dpi: Dpi) -> Raster {
    let bytes = std::fs::read(path).expect("PNG written");
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    Raster {
        width: info.width,
        height: info.height,
        dpi,
        pixels: buf,
    }
}

/// What rxing reads of `format` in the picture, if anything.
pub(crate) fn decode(r: &Raster, format: rxing::BarcodeFormat) -> Option<String> {
    rxing::helpers::detect_in_luma(r.pixels.clone(), r.width, r.height, Some(format))
        .ok()
        .map(|x| x.getText().to_string())
}

/// A record of an order the twin made (the legacy create's answer, as the service sends it),
/// written into `dir` as a script hands it to the command; the answer itself too.
pub(crate) async fn twin_record(
    dir: &Path,
) -> (std::path::PathBuf, parcel_desk::api::legacy::OrderRecord) {
    let twin = crate::common::twin().await;
    let legacy = crate::common::legacy(&twin).await;
    let created = legacy
        .add_order(&crate::common::legacy_order())
        .await
        .expect("created");
    let record = dir.join("create.json");
    let envelope = serde_json::json!({"status": true, "data": created});
    std::fs::write(&record, envelope.to_string()).expect("written");
    (record, created)
}
