//! Printing the sender's receipt: on a receipt printer that takes ESC/POS raw (on the network's
//! raw port, through a system queue as a raw job, or written to its device file, as a USB or
//! serial receipt printer appears on Linux, `/dev/usb/lp0`), or as a PDF page of the roll's width
//! through a system queue. The same `Receipt` either way (`receipt`, `escpos`).

use super::escpos::receipt_bytes;
use super::pdf::render_pdf;
use super::print::{Job, PrintError, Spooler, lp, to_socket};
use super::receipt::{Receipt, ReceiptWidth, pages};
use super::size::LabelSize;
use api::codes::Language;
use serde::{Deserialize, Serialize};

/// Where receipts go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReceiptPrinter {
    /// A system printer taking PDF: a page as wide as the roll.
    SystemPdf { queue: String },
    /// A system queue handed ESC/POS unchanged (`lp -o raw`, the Windows spooler's RAW).
    SystemRaw { queue: String },
    /// A receipt printer on the network, ESC/POS to its raw port: `host:9100`.
    NetworkRaw { address: String },
    /// A receipt printer's device file (USB or serial): ESC/POS written to it.
    Device { path: String },
}

impl ReceiptPrinter {
    /// The queue, address or device, as the clerk typed it.
    pub fn target(&self) -> &str {
        match self {
            ReceiptPrinter::SystemPdf { queue } | ReceiptPrinter::SystemRaw { queue } => queue,
            ReceiptPrinter::NetworkRaw { address } => address,
            ReceiptPrinter::Device { path } => path,
        }
    }
}

/// A receipt as a PDF page the roll's width (to save, preview or print on any printer).
pub fn receipt_pdf(r: &Receipt, width: ReceiptWidth, lang: Language) -> Result<Vec<u8>, String> {
    let page = pages(r, width, lang);
    render_pdf(std::slice::from_ref(&page), &r.barcode).map_err(|e| e.to_string())
}

/// Prints one receipt.
pub async fn print_receipt(
    printer: &ReceiptPrinter,
    spooler: &Spooler,
    r: &Receipt,
    width: ReceiptWidth,
    lang: Language,
) -> Result<(), PrintError> {
    let raw;
    let pdf;
    let (document, height) = match printer {
        ReceiptPrinter::SystemPdf { .. } => {
            let page = pages(r, width, lang);
            pdf = render_pdf(std::slice::from_ref(&page), &r.barcode)
                .map_err(|e| PrintError::Refused(e.to_string()))?;
            (pdf.as_slice(), page.height_mm)
        }
        _ => {
            raw = receipt_bytes(r, width, lang);
            (raw.as_slice(), 0.0)
        }
    };
    let job = Job {
        document,
        // Not a label stock: the media option is the roll's, below.
        size: LabelSize::Strip58,
        page_height_mm: height,
        copies: 1,
        title: &r.barcode,
    };
    match printer {
        ReceiptPrinter::NetworkRaw { address } => to_socket(address, &job, &[], |_| {}, None).await,
        ReceiptPrinter::Device { path } => to_device(path, document).await,
        ReceiptPrinter::SystemPdf { queue } if cfg!(windows) => {
            super::print::sumatra(&spooler.sumatra, queue, document, 1).await
        }
        ReceiptPrinter::SystemPdf { queue } => {
            let media = format!(
                "media=Custom.{}x{}mm",
                width.paper_mm() as u32,
                height.ceil() as u32
            );
            lp(&spooler.lp, queue, &["-o", &media], &job, 1).await
        }
        #[cfg(windows)]
        ReceiptPrinter::SystemRaw { queue } => {
            let (queue, title, bytes) = (queue.clone(), r.barcode.clone(), document.to_vec());
            let written = tokio::task::spawn_blocking(move || {
                super::winspool::write_raw(&queue, &title, &bytes)
            })
            .await
            .map_err(|e| PrintError::Refused(e.to_string()))?;
            written.map_err(|e| PrintError::Refused(e.to_string()))
        }
        #[cfg(not(windows))]
        ReceiptPrinter::SystemRaw { queue } => {
            lp(&spooler.lp, queue, &["-o", "raw"], &job, 1).await
        }
    }
}

/// Writes the bytes to a printer's device file, within a few seconds (a printer out of paper
/// blocks its device).
async fn to_device(path: &str, bytes: &[u8]) -> Result<(), PrintError> {
    let path = path.trim().to_string();
    if path.is_empty() {
        return Err(PrintError::NoPrinter);
    }
    let bytes = bytes.to_vec();
    let at = path.clone();
    let write = tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut device = std::fs::OpenOptions::new().write(true).open(&at)?;
        device.write_all(&bytes)?;
        device.flush()
    });
    match tokio::time::timeout(std::time::Duration::from_secs(10), write).await {
        Ok(Ok(Ok(()))) => Ok(()),
        Ok(Ok(Err(e))) => Err(PrintError::Unreachable {
            address: path,
            reason: e.to_string(),
        }),
        Ok(Err(e)) => Err(PrintError::Refused(e.to_string())),
        Err(_) => Err(PrintError::Timeout(path)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_receipt_reaches_a_device_file_and_a_raw_port_as_escpos() {
        let r = crate::receipt::tests::receipt(None);
        let dir = std::env::temp_dir().join(format!("receipt-device-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let device = dir.join("lp0");
        std::fs::write(&device, b"").unwrap();
        let printer = ReceiptPrinter::Device {
            path: device.display().to_string(),
        };
        let spooler = Spooler::default();
        print_receipt(&printer, &spooler, &r, ReceiptWidth::Mm58, Language::Ru)
            .await
            .unwrap();
        let written = std::fs::read(&device).unwrap();
        assert_eq!(written, receipt_bytes(&r, ReceiptWidth::Mm58, Language::Ru));
        let printed = crate::escpos::read::read(&written);
        assert_eq!(printed.bars[0].data, r.barcode);
        assert!(printed.text().contains("Самарканд"), "{}", printed.text());

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let taken = tokio::spawn(async move {
            use tokio::io::AsyncReadExt;
            let (mut s, _) = listener.accept().await.unwrap();
            let mut all = Vec::new();
            s.read_to_end(&mut all).await.unwrap();
            all
        });
        let printer = ReceiptPrinter::NetworkRaw { address };
        print_receipt(&printer, &spooler, &r, ReceiptWidth::Mm80, Language::Uz)
            .await
            .unwrap();
        assert_eq!(
            taken.await.unwrap(),
            receipt_bytes(&r, ReceiptWidth::Mm80, Language::Uz)
        );
        let missing = ReceiptPrinter::Device {
            path: dir.join("none").join("lp9").display().to_string(),
        };
        let e = print_receipt(&missing, &spooler, &r, ReceiptWidth::Mm58, Language::En).await;
        assert!(matches!(e, Err(PrintError::Unreachable { .. })), "{e:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
