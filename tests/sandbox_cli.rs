//! `parcel-desk sandbox --listen 127.0.0.1:0` prints exactly three lines with the real port and
//! serves until stopped; `--control` adds a fourth line, the only place the control routes live.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn prints_three_urls_and_serves() {
    let (mut child, got) = first_lines(&["sandbox", "--listen", "127.0.0.1:0"], 3);
    let port = got[0]
        .rsplit(':')
        .next()
        .and_then(|p| p.split('/').next())
        .unwrap_or("")
        .to_string();
    assert!(port.parse::<u16>().is_ok_and(|p| p != 0), "{got:?}");
    assert_eq!(
        got[0],
        format!("legacy  http://127.0.0.1:{port}/legacy/index.php")
    );
    assert_eq!(got[1], format!("current http://127.0.0.1:{port}/api"));
    assert_eq!(got[2], format!("wms     http://127.0.0.1:{port}/wms"));
    // It answers.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let status = rt.block_on(async {
        reqwest::get(format!(
            "http://127.0.0.1:{port}/legacy/index.php?r=v1/order/track&id=1"
        ))
        .await
        .map(|r| r.status().as_u16())
    });
    let _ = child.kill();
    let _ = child.wait();
    // Without a token: refused as the deployments integrators meet do, with 400.
    assert_eq!(status.unwrap(), 400);
}

/// `--split` takes its three addresses either way the guide writes them; any other count is
/// refused, not ignored.
#[test]
fn split_takes_its_addresses_comma_separated_or_apart() {
    let any = "127.0.0.1:0";
    let commas = format!("{any},{any},{any}");
    for split in [vec![commas.as_str()], vec![any, any, any]] {
        let mut args = vec!["sandbox", "--listen", any, "--split"];
        args.extend(&split);
        let (mut child, got) = first_lines(&args, 6);
        let _ = child.kill();
        let _ = child.wait();
        assert!(got[3].starts_with("legacy  http://127.0.0.1:"), "{got:?}");
        assert!(got[5].starts_with("wms     http://127.0.0.1:"), "{got:?}");
    }
    let two = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .args([
            "sandbox",
            "--listen",
            any,
            "--split",
            &format!("{any},{any}"),
        ])
        .output()
        .expect("the binary runs");
    assert!(!two.status.success());
    assert!(String::from_utf8_lossy(&two.stderr).contains("three addresses"));
}

fn first_lines(args: &[&str], n: usize) -> (std::process::Child, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let mut got = Vec::new();
    for _ in 0..n {
        got.push(lines.next().expect("a line").expect("readable"));
    }
    (child, got)
}

#[test]
fn control_routes_live_only_on_their_own_loopback_listener() {
    let (mut child, got) = first_lines(
        &[
            "sandbox",
            "--listen",
            "127.0.0.1:0",
            "--control",
            "127.0.0.1:0",
        ],
        4,
    );
    let service = got[0]
        .strip_prefix("legacy  ")
        .and_then(|u| u.strip_suffix("/legacy/index.php"))
        .expect("the legacy line")
        .to_string();
    let control = got[3]
        .strip_prefix("control ")
        .expect("a fourth line names the control listener")
        .to_string();
    assert!(control.starts_with("http://127.0.0.1:"), "{got:?}");
    assert_ne!(control, service);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (on_service, on_control) = rt.block_on(async {
        let client = reqwest::Client::new();
        let on_service = client
            .post(format!("{service}/sandbox/tokens/expire"))
            .send()
            .await
            .map(|r| r.status().as_u16());
        let on_control = client
            .get(format!("{control}/sandbox/faults"))
            .send()
            .await
            .map(|r| r.status().as_u16());
        (on_service, on_control)
    });
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        on_service.unwrap(),
        404,
        "no control route on the service port"
    );
    assert_eq!(on_control.unwrap(), 200);

    // Beyond loopback it is refused before anything is served.
    let status = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .args([
            "sandbox",
            "--listen",
            "127.0.0.1:0",
            "--control",
            "192.0.2.1:0",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary runs");
    assert!(!status.success());
}

#[test]
fn listening_beyond_this_computer_is_warned_about() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .args(["sandbox", "--listen", "0.0.0.0:0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stderr = child.stderr.take().expect("stderr");
    let first = BufReader::new(stderr)
        .lines()
        .next()
        .expect("a line")
        .expect("readable");
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.starts_with("warning:"), "{first}");
    assert!(first.contains("not the service"), "{first}");
}
