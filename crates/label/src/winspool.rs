//! The Windows print spooler, spoken to directly: ZPL handed to a queue as a `RAW` document
//! (the driver passes it to the thermal printer untouched, as `lp -o raw` does under CUPS), and
//! the list of installed printers for the settings screen. Blocking calls: the desk runs them on
//! its blocking pool.

#![cfg(windows)]

use std::io;
use windows_sys::Win32::Foundation::GetLastError;
use windows_sys::Win32::Graphics::Printing::{
    ClosePrinter, DOC_INFO_1W, EndDocPrinter, EndPagePrinter, EnumPrintersW, OpenPrinterW,
    PRINTER_ENUM_CONNECTIONS, PRINTER_ENUM_LOCAL, PRINTER_HANDLE, PRINTER_INFO_4W,
    StartDocPrinterW, StartPagePrinter, WritePrinter,
};

/// A Rust string as a NUL-terminated UTF-16 buffer.
fn wide(s: &str) -> Vec<u16> {
    s.encode_utf16().chain(std::iter::once(0)).collect()
}

/// A NUL-terminated UTF-16 string the spooler returned.
///
/// # Safety
/// `p` is null or points at a NUL-terminated UTF-16 string that lives while this runs.
unsafe fn from_wide(p: *const u16) -> String {
    if p.is_null() {
        return String::new();
    }
    let mut len = 0;
    // SAFETY: the caller promises a terminated string; we stop at its NUL.
    while unsafe { *p.add(len) } != 0 {
        len += 1;
    }
    // SAFETY: `len` elements were just read.
    String::from_utf16_lossy(unsafe { std::slice::from_raw_parts(p, len) })
}

/// The spooler's last error, named by the step that failed.
fn last_error(step: &str) -> io::Error {
    // SAFETY: reads the calling thread's last-error value; no arguments.
    let code = unsafe { GetLastError() };
    let os = io::Error::from_raw_os_error(code as i32);
    io::Error::new(os.kind(), format!("{step}: {os}"))
}

/// An open printer, closed when dropped.
struct Open(PRINTER_HANDLE);

impl Drop for Open {
    fn drop(&mut self) {
        // SAFETY: the handle came from a successful OpenPrinterW and is closed once.
        unsafe { ClosePrinter(self.0) };
    }
}

/// Sends `bytes` to the queue as one raw job called `title`; a blank queue name is
/// `NotFound`.
pub fn write_raw(queue: &str, title: &str, bytes: &[u8]) -> io::Result<()> {
    let queue = queue.trim();
    if queue.is_empty() {
        return Err(io::Error::new(io::ErrorKind::NotFound, "no queue named"));
    }
    let name = wide(queue);
    let mut handle = PRINTER_HANDLE::default();
    // SAFETY: `name` is NUL-terminated and outlives the call; `handle` is written on success.
    if unsafe { OpenPrinterW(name.as_ptr(), &mut handle, std::ptr::null()) } == 0 {
        return Err(last_error(queue));
    }
    let printer = Open(handle);
    let mut doc_name = wide(title);
    let mut datatype = wide("RAW");
    let info = DOC_INFO_1W {
        pDocName: doc_name.as_mut_ptr(),
        pOutputFile: std::ptr::null_mut(),
        pDatatype: datatype.as_mut_ptr(),
    };
    // SAFETY: `info` and the buffers it points at live until EndDocPrinter below.
    if unsafe { StartDocPrinterW(printer.0, 1, &info) } == 0 {
        return Err(last_error("StartDocPrinter"));
    }
    let written = write_pages(&printer, bytes);
    // SAFETY: a document was started on this handle.
    let ended = unsafe { EndDocPrinter(printer.0) } != 0;
    written?;
    if !ended {
        return Err(last_error("EndDocPrinter"));
    }
    Ok(())
}

fn write_pages(printer: &Open, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: a document is open on this handle.
    if unsafe { StartPagePrinter(printer.0) } == 0 {
        return Err(last_error("StartPagePrinter"));
    }
    let mut rest = bytes;
    while !rest.is_empty() {
        let chunk = &rest[..rest.len().min(1 << 20)];
        let mut done: u32 = 0;
        // SAFETY: `chunk` is valid for its length (≤ 1 MiB, fits u32); `done` is written.
        let ok = unsafe {
            WritePrinter(
                printer.0,
                chunk.as_ptr().cast(),
                chunk.len() as u32,
                &mut done,
            )
        };
        if ok == 0 || done == 0 {
            return Err(last_error("WritePrinter"));
        }
        rest = &rest[(done as usize).min(rest.len())..];
    }
    // SAFETY: a page was started on this handle.
    if unsafe { EndPagePrinter(printer.0) } == 0 {
        return Err(last_error("EndPagePrinter"));
    }
    Ok(())
}

/// The printers installed on this computer and the shared ones it is connected to.
pub fn queues() -> Result<Vec<String>, String> {
    let flags = PRINTER_ENUM_LOCAL | PRINTER_ENUM_CONNECTIONS;
    let (mut needed, mut count) = (0u32, 0u32);
    // SAFETY: a size query: no buffer, the spooler writes the bytes it needs into `needed`.
    unsafe {
        EnumPrintersW(
            flags,
            std::ptr::null(),
            4,
            std::ptr::null_mut(),
            0,
            &mut needed,
            &mut count,
        )
    };
    if needed == 0 {
        return Ok(Vec::new());
    }
    // u64 elements keep the buffer aligned for the pointer-bearing records written into it.
    let mut buffer = vec![0u64; (needed as usize).div_ceil(8)];
    // SAFETY: the buffer holds at least `needed` bytes.
    let ok = unsafe {
        EnumPrintersW(
            flags,
            std::ptr::null(),
            4,
            buffer.as_mut_ptr().cast(),
            needed,
            &mut needed,
            &mut count,
        )
    };
    if ok == 0 {
        // SAFETY: no arguments.
        let code = unsafe { GetLastError() };
        return Err(std::io::Error::from_raw_os_error(code as i32).to_string());
    }
    let records = buffer.as_ptr().cast::<PRINTER_INFO_4W>();
    Ok((0..count as usize)
        // SAFETY: the spooler wrote `count` records at the start of the buffer, and their
        // strings inside it; the buffer lives until the names are copied out.
        .map(|i| unsafe { from_wide((*records.add(i)).pPrinterName) })
        .filter(|n| !n.is_empty())
        .collect())
}
