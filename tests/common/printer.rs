//! A thermal printer on the network, for the printing tests: a raw port on loopback.

use std::io::Read;
use std::sync::{Arc, Mutex};

/// A raw-port printer on loopback that keeps every connection's bytes, and answers the desk's
/// question about its settings as a 203 dpi, 4-inch printer would.
pub(crate) fn fake_9100() -> (String, Arc<Mutex<Vec<Vec<u8>>>>) {
    fake_9100_set_to("\"203\"\"812\"")
}

/// The same, answering getvar questions with `reply` (not kept as a print).
pub(crate) fn fake_9100_set_to(reply: &'static str) -> (String, Arc<Mutex<Vec<Vec<u8>>>>) {
    use std::io::Write;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let address = listener.local_addr().expect("address").to_string();
    let got = Arc::new(Mutex::new(Vec::new()));
    let keep = got.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { break };
            let mut bytes = Vec::new();
            let mut buf = [0u8; 4096];
            loop {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => bytes.extend_from_slice(&buf[..n]),
                }
                let text = String::from_utf8_lossy(&bytes);
                if text.starts_with("! U1 getvar") && text.matches("\r\n").count() >= 2 {
                    let _ = stream.write_all(reply.as_bytes());
                    bytes.clear();
                    break;
                }
            }
            if !bytes.is_empty() {
                keep.lock().expect("lock").push(bytes);
            }
        }
    });
    (address, got)
}

/// A stand-in for a system program (`lp`, `lpoptions`, `lpstat`): a shell script in the test's
/// own folder, made executable; its path as the spooler wants it.
#[cfg(unix)]
pub(crate) fn stand_in(env: &super::ui::Env, name: &str, script: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let bin = env.dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin folder");
    let path = bin.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{script}")).expect("stand-in written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path.display().to_string()
}
