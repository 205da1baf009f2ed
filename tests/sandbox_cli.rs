//! `parcel-desk sandbox --listen 127.0.0.1:0` prints exactly three lines with the real port and
//! serves until stopped.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn prints_three_urls_and_serves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parcel-desk"))
        .args(["sandbox", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(lines.next().expect("a line").expect("readable"));
    }
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
