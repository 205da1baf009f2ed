//! Sending rendered labels to a printer: a system queue (CUPS `lp` on Linux and macOS, with the
//! stock's media size for PDF or `raw` for ZPL; on Windows ZPL goes to the spooler as a RAW
//! document and a PDF through SumatraPDF's silent printing, the documented way to print a PDF
//! without a dialog), or a thermal printer reached directly on its raw port (ZPL over TCP, port
//! 9100). Async, for the background runtime.

use super::export::Format;
use super::size::LabelSize;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// Where labels go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Printer {
    /// A system printer taking PDF (office printer, or a label printer with a driver).
    SystemPdf { queue: String },
    /// A system queue handed ZPL unchanged (`lp -o raw`).
    SystemZpl { queue: String },
    /// A thermal printer on the network, ZPL to its raw port: `host:9100`.
    NetworkZpl { address: String },
}

impl Printer {
    /// What the printer is sent.
    pub fn format(&self) -> Format {
        match self {
            Printer::SystemPdf { .. } => Format::Pdf,
            Printer::SystemZpl { .. } | Printer::NetworkZpl { .. } => Format::Zpl,
        }
    }

    /// The queue name or address, as the clerk typed it.
    pub fn target(&self) -> &str {
        match self {
            Printer::SystemPdf { queue } | Printer::SystemZpl { queue } => queue,
            Printer::NetworkZpl { address } => address,
        }
    }

    /// A short description for the print journal.
    pub fn describe(&self) -> String {
        match self {
            Printer::SystemPdf { queue } => format!("PDF → {queue}"),
            Printer::SystemZpl { queue } => format!("ZPL → {queue}"),
            Printer::NetworkZpl { address } => format!("ZPL → {}", with_port(address)),
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PrintError {
    #[error("no printer is set up")]
    NoPrinter,
    #[error("the printer address {0:?} is not host:port")]
    BadAddress(String),
    #[error("cannot reach the printer at {address}: {reason}")]
    Unreachable { address: String, reason: String },
    #[error("the printer at {0} did not take the whole job in time")]
    Timeout(String),
    #[error("cannot start {program}: {reason}")]
    NoSpooler { program: String, reason: String },
    #[error("the print queue refused the job: {0}")]
    Refused(String),
}

/// The system programs used to print; tests point them at stand-ins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spooler {
    pub lp: String,
    /// Reads a CUPS queue's defaults (to warn of a size or DPI mismatch).
    pub lpoptions: String,
    /// Lists the CUPS queues (`lpstat -e`) for the settings screen.
    pub lpstat: String,
    pub sumatra: String,
}

impl Default for Spooler {
    fn default() -> Spooler {
        Spooler {
            lp: "lp".into(),
            lpoptions: "lpoptions".into(),
            lpstat: "lpstat".into(),
            sumatra: "SumatraPDF.exe".into(),
        }
    }
}

/// What is wrong with a printer's network address as typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressProblem {
    /// No host before the port.
    NoHost,
    /// A space inside it.
    Spaces,
    /// A port that is no number from 1 to 65535.
    Port,
}

/// Checks a raw-port printer's address as the clerk typed it: `host` or `host:port` (an IPv6
/// host in brackets), the port a number from 1 to 65535.
pub fn check_address(address: &str) -> Result<(), AddressProblem> {
    let a = address.trim();
    if a.chars().any(char::is_whitespace) {
        return Err(AddressProblem::Spaces);
    }
    let (host, port) = match a.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((host, "")) => (host, None),
            Some((host, tail)) => (host, Some(tail.strip_prefix(':').unwrap_or(tail))),
            None => return Err(AddressProblem::NoHost),
        },
        None => match a.rsplit_once(':') {
            // One colon: a port; several: a bare IPv6 address.
            Some((host, port)) if !host.contains(':') => (host, Some(port)),
            _ => (a, None),
        },
    };
    if host.is_empty() {
        return Err(AddressProblem::NoHost);
    }
    match port.map(str::parse::<u16>) {
        None | Some(Ok(1..)) => Ok(()),
        Some(_) => Err(AddressProblem::Port),
    }
}

/// `host` → `host:9100`.
pub fn with_port(address: &str) -> String {
    let a = address.trim();
    if a.rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        a.to_string()
    } else {
        format!("{a}:9100")
    }
}

/// The `lp` media option for a page of this stock (the strip is as long as its label).
pub fn media(size: LabelSize, page_height_mm: f32) -> String {
    match size {
        LabelSize::A4 => "A4".into(),
        LabelSize::L100x150 => "Custom.100x150mm".into(),
        LabelSize::L100x100 => "Custom.100x100mm".into(),
        LabelSize::Strip58 => format!("Custom.58x{}mm", page_height_mm.ceil() as u32),
    }
}

/// One print job: the document in the printer's format, `copies` times.
pub struct Job<'a> {
    pub document: &'a [u8],
    pub size: LabelSize,
    /// Height of the (first) page, for roll stock.
    pub page_height_mm: f32,
    pub copies: u32,
    pub title: &'a str,
}

pub async fn send(printer: &Printer, spooler: &Spooler, job: Job<'_>) -> Result<(), PrintError> {
    let fonts = faces_needed(printer);
    if let (Some(faces), Printer::SystemZpl { .. }) = (fonts, printer) {
        // A queue's job of their own, once: the labels' copies then do not repeat them.
        let faces_job = Job {
            document: faces,
            copies: 1,
            ..job
        };
        send_with(printer, spooler, faces_job, None).await?;
        super::printer_fonts::taken(&printer.describe());
        return send_with(printer, spooler, job, None).await;
    }
    let sent = send_with(printer, spooler, job, fonts).await;
    if sent.is_ok() && fonts.is_some() {
        super::printer_fonts::taken(&printer.describe());
    }
    sent
}

/// The label's faces, when this printer takes ZPL and has not had them in this run.
fn faces_needed(printer: &Printer) -> Option<&'static [u8]> {
    (printer.format() == Format::Zpl)
        .then(|| super::printer_fonts::needed(&printer.describe()))
        .flatten()
}

/// A job, with the label faces ahead of it on a raw port (`fonts`, for a label printer's first
/// job; a system queue is sent them as a job of their own by [`send`]).
async fn send_with(
    printer: &Printer,
    spooler: &Spooler,
    job: Job<'_>,
    fonts: Option<&[u8]>,
) -> Result<(), PrintError> {
    let copies = job.copies.clamp(1, 99);
    match printer {
        Printer::NetworkZpl { address } => to_socket(address, &job, &[], |_| {}, fonts).await,
        Printer::SystemPdf { queue } if cfg!(windows) => {
            sumatra(&spooler.sumatra, queue, job.document, copies).await
        }
        #[cfg(windows)]
        Printer::SystemZpl { queue } => {
            let (queue, title) = (queue.clone(), job.title.to_string());
            let mut stream = Vec::with_capacity(job.document.len() * copies as usize);
            for _ in 0..copies {
                stream.extend_from_slice(job.document);
            }
            let written = tokio::task::spawn_blocking(move || {
                super::winspool::write_raw(&queue, &title, &stream)
            })
            .await
            .map_err(|e| PrintError::Refused(e.to_string()))?;
            written.map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => PrintError::NoPrinter,
                _ => PrintError::Refused(e.to_string()),
            })
        }
        Printer::SystemPdf { queue } => {
            let media = format!("media={}", media(job.size, job.page_height_mm));
            lp(
                &spooler.lp,
                queue,
                &["-o", &media, "-o", "fit-to-page"],
                &job,
                copies,
            )
            .await
        }
        #[cfg(not(windows))]
        Printer::SystemZpl { queue } => lp(&spooler.lp, queue, &["-o", "raw"], &job, copies).await,
    }
}

/// How much of a job the system may hold on its way to a raw-port printer. Left to itself it
/// holds megabytes on a fast line, and "handed over" would say little of what the printer took;
/// with this, a label handed over is in the printer but for the last few labels' worth.
const SEND_BUFFER: u32 = 64 * 1024;

/// Connects to a raw port with a small send buffer (see [`SEND_BUFFER`]), trying each address
/// the name has.
async fn connect_small(address: &str) -> std::io::Result<tokio::net::TcpStream> {
    let mut last = None;
    for at in tokio::net::lookup_host(address).await? {
        let socket = if at.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        // A system that refuses the size keeps its own: the job still prints.
        let _ = socket.set_send_buffer_size(SEND_BUFFER);
        match socket.connect(at).await {
            Ok(stream) => return Ok(stream),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::NotFound, "the name has no address")
    }))
}

/// As [`send`], calling `handed(i)` once part `i` of the document (its bytes up to `ends[i]`,
/// in every copy) has been handed over. A label printer on the network takes the parts one after
/// another, so a batch cut short shows which labels had left; a system queue takes the whole job
/// at once, and every part is handed with it.
pub async fn send_in_parts(
    printer: &Printer,
    spooler: &Spooler,
    job: Job<'_>,
    ends: &[usize],
    handed: impl FnMut(usize),
) -> Result<(), PrintError> {
    match printer {
        Printer::NetworkZpl { address } => {
            let fonts = faces_needed(printer);
            to_socket(address, &job, ends, handed, fonts).await?;
            if fonts.is_some() {
                super::printer_fonts::taken(&printer.describe());
            }
            Ok(())
        }
        _ => {
            send(printer, spooler, job).await?;
            (0..ends.len()).for_each(handed);
            Ok(())
        }
    }
}

/// Writes the job to a raw port, `fonts` first when given, then copy after copy, each copy part
/// after part (see [`send_in_parts`]).
pub(crate) async fn to_socket(
    address: &str,
    job: &Job<'_>,
    ends: &[usize],
    mut handed: impl FnMut(usize),
    fonts: Option<&[u8]>,
) -> Result<(), PrintError> {
    let copies = job.copies.clamp(1, 99);
    let bytes = job.document;
    let fonts = fonts.unwrap_or_default();
    let address = with_port(address);
    if address.starts_with(':') {
        return Err(PrintError::BadAddress(address));
    }
    let connect = connect_small(&address);
    let mut stream = match tokio::time::timeout(Duration::from_secs(5), connect).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => {
            return Err(PrintError::Unreachable {
                address,
                reason: e.to_string(),
            });
        }
        Err(_) => {
            return Err(PrintError::Unreachable {
                address,
                reason: "no answer in 5 s".into(),
            });
        }
    };
    let write = async {
        stream.write_all(fonts).await?;
        for copy in 1..=copies {
            let mut start = 0;
            for (i, end) in ends.iter().enumerate() {
                let end = (*end).clamp(start, bytes.len());
                stream.write_all(&bytes[start..end]).await?;
                start = end;
                if copy == copies {
                    handed(i);
                }
            }
            stream.write_all(&bytes[start..]).await?;
        }
        stream.shutdown().await
    };
    let total = bytes.len() as u64 * u64::from(copies) + fonts.len() as u64;
    let budget = Duration::from_secs(10 + total / 50_000);
    match tokio::time::timeout(budget, write).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(PrintError::Unreachable {
            address,
            reason: e.to_string(),
        }),
        Err(_) => Err(PrintError::Timeout(address)),
    }
}

pub(crate) async fn lp(
    program: &str,
    queue: &str,
    options: &[&str],
    job: &Job<'_>,
    copies: u32,
) -> Result<(), PrintError> {
    use std::process::Stdio;
    if queue.trim().is_empty() {
        return Err(PrintError::NoPrinter);
    }
    let mut child = tokio::process::Command::new(program)
        .arg("-d")
        .arg(queue.trim())
        .arg("-n")
        .arg(copies.to_string())
        .arg("-t")
        .arg(job.title)
        .args(options)
        .arg("--")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| PrintError::NoSpooler {
            program: program.into(),
            reason: e.to_string(),
        })?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(job.document)
            .await
            .map_err(|e| PrintError::Refused(e.to_string()))?;
    }
    let out = tokio::time::timeout(Duration::from_secs(60), child.wait_with_output())
        .await
        .map_err(|_| PrintError::Timeout(queue.into()))?
        .map_err(|e| PrintError::Refused(e.to_string()))?;
    if out.status.success() {
        Ok(())
    } else {
        let said = String::from_utf8_lossy(&out.stderr).trim().to_string();
        Err(PrintError::Refused(if said.is_empty() {
            format!("{program} ended with {}", out.status)
        } else {
            said
        }))
    }
}

pub(crate) async fn sumatra(
    program: &str,
    queue: &str,
    pdf: &[u8],
    copies: u32,
) -> Result<(), PrintError> {
    let path = std::env::temp_dir().join(format!(
        "parcel-desk-{}-{}.pdf",
        std::process::id(),
        chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
    ));
    tokio::fs::write(&path, pdf)
        .await
        .map_err(|e| PrintError::Refused(e.to_string()))?;
    let status = tokio::process::Command::new(program)
        .arg("-print-to")
        .arg(queue)
        .arg("-print-settings")
        .arg(format!("noscale,{copies}x"))
        .arg("-silent")
        .arg(&path)
        .status()
        .await;
    let _ = tokio::fs::remove_file(&path).await;
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(PrintError::Refused(format!("{program} ended with {s}"))),
        Err(e) => Err(PrintError::NoSpooler {
            program: program.into(),
            reason: e.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_a_host_and_a_port_from_1_to_65535() {
        for good in [
            "10.0.0.7",
            "zebra.local:6101",
            " printer:9100 ",
            "[::1]:9100",
            "fe80::1",
        ] {
            assert_eq!(check_address(good), Ok(()), "{good}");
        }
        for (bad, why) in [
            ("127.0.0.1:99999", AddressProblem::Port),
            ("127.0.0.1:0", AddressProblem::Port),
            ("printer:abc", AddressProblem::Port),
            (":9100", AddressProblem::NoHost),
            ("", AddressProblem::NoHost),
            ("my printer", AddressProblem::Spaces),
        ] {
            assert_eq!(check_address(bad), Err(why), "{bad}");
        }
    }

    #[test]
    fn addresses_get_the_raw_port_and_media_the_stock() {
        assert_eq!(with_port("10.0.0.7"), "10.0.0.7:9100");
        assert_eq!(with_port(" zebra.local:6101 "), "zebra.local:6101");
        assert_eq!(media(LabelSize::L100x150, 150.0), "Custom.100x150mm");
        assert_eq!(media(LabelSize::Strip58, 121.3), "Custom.58x122mm");
        assert_eq!(media(LabelSize::A4, 297.0), "A4");
    }

    #[test]
    fn a_raw_port_takes_the_job_part_by_part_and_each_part_is_told_once_whole() {
        use std::io::Read;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let address = listener.local_addr().expect("address").to_string();
        let got = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().expect("the job's connection");
            let mut bytes = Vec::new();
            let _ = stream.read_to_end(&mut bytes);
            bytes
        });
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let document = b"^XA1^XZ\n^XA2^XZ\n^XA3^XZ\n";
        let job = Job {
            document,
            size: LabelSize::L100x150,
            page_height_mm: 150.0,
            copies: 2,
            title: "test",
        };
        let mut handed = Vec::new();
        let printer = Printer::NetworkZpl { address };
        let sent = rt.block_on(send_in_parts(
            &printer,
            &Spooler::default(),
            job,
            &[8, 24],
            |part| handed.push(part),
        ));
        assert_eq!(sent, Ok(()));
        // Told once each, after the last copy of the part had left.
        assert_eq!(handed, [0, 1]);
        let got = got.join().expect("the printer");
        // A printer new to this run is sent the label's faces first, once.
        let fonts = super::super::zpl::font_download().as_bytes();
        assert!(
            got == [fonts, &document[..], &document[..]].concat(),
            "the faces, then both copies, whole, in order"
        );
    }
}
