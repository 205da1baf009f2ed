//! A small ESC/POS interpreter for the tests: it plays exactly the commands the receipt sends,
//! the way a printer would read them, and gives back what would come out of the printer: the
//! text lines (decoded from code page 866 with a table of its own), the bars' data, the QR's data
//! and whether the paper was cut at the end. Any other byte fails the test.

/// Code page 866 from 0x80, as the printer's table 17 prints it (box drawing left out: the
/// receipt never sends it).
const UPPER_866: &str = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмноп";
const TOP_866: &str = "рстуфхцчшщъыьэюяЁёЄєЇїЎў°∙·√№¤■\u{a0}";

/// One printed line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Line {
    pub text: String,
    /// Columns of Font A it takes (twice its characters when magnified).
    pub columns: usize,
    pub bold: bool,
    pub double: bool,
    pub centred: bool,
}

/// A printed Code 128 symbol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Barcode {
    pub data: String,
    /// The printer writes its characters under the bars.
    pub hri_below: bool,
    pub module_dots: u8,
}

/// A printed QR symbol.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Qr {
    pub data: String,
    pub model2: bool,
    /// Error correction level M.
    pub level_m: bool,
    pub module_dots: u8,
}

#[derive(Debug, Default)]
pub(crate) struct Printed {
    pub lines: Vec<Line>,
    pub bars: Vec<Barcode>,
    pub qrs: Vec<Qr>,
    /// Ends with a partial cut, nothing after it.
    pub cut: bool,
}

impl Printed {
    /// All the text, lines joined by spaces.
    pub(crate) fn text(&self) -> String {
        self.lines
            .iter()
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[derive(Default)]
struct State {
    page: u8,
    centred: bool,
    bold: bool,
    double: bool,
    hri: u8,
    bar_width: u8,
    qr_model2: bool,
    qr_size: u8,
    qr_level: u8,
    qr_store: Option<Vec<u8>>,
    line: Vec<u8>,
}

fn decode(bytes: &[u8], page: u8) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x20..=0x7E => b as char,
            0x80..=0xAF if page == 17 => UPPER_866.chars().nth(usize::from(b - 0x80)).unwrap(),
            0xE0..=0xFF if page == 17 => TOP_866.chars().nth(usize::from(b - 0xE0)).unwrap(),
            _ => panic!("byte {b:#04x} is not text on code page {page}"),
        })
        .collect()
}

/// Function B data of `GS k`: `{C` pairs, `{B` characters (`{{` for `{`).
fn code128(data: &[u8]) -> String {
    let mut out = String::new();
    let mut set = None;
    let mut i = 0;
    while i < data.len() {
        if data[i] == b'{' {
            let next = data.get(i + 1).copied();
            match (next, set) {
                (Some(b'C'), _) => set = Some(b'C'),
                (Some(b'B'), _) => set = Some(b'B'),
                (Some(b'{'), Some(b'B')) => out.push('{'),
                _ => panic!("unknown code set switch {next:?}"),
            }
            i += 2;
            continue;
        }
        match set {
            Some(b'C') => {
                assert!(data[i] < 100, "set C byte {}", data[i]);
                out.push_str(&format!("{:02}", data[i]));
            }
            Some(b'B') => {
                assert!((0x20..=0x7E).contains(&data[i]));
                out.push(data[i] as char);
            }
            _ => panic!("bar data before a code set"),
        }
        i += 1;
    }
    out
}

/// Plays `bytes`; panics at anything the receipt should never send.
pub(crate) fn read(bytes: &[u8]) -> Printed {
    let mut p = Printed::default();
    let mut s = State::default();
    let mut i = 0;
    let arg = |i: usize| -> u8 { *bytes.get(i).expect("a command cut short") };
    while i < bytes.len() {
        assert!(!p.cut, "bytes after the cut at {i}");
        let b = bytes[i];
        match b {
            0x0A => {
                let text = decode(&s.line, s.page);
                let width = if s.double { 2 } else { 1 };
                p.lines.push(Line {
                    columns: s.line.len() * width,
                    text,
                    bold: s.bold,
                    double: s.double,
                    centred: s.centred,
                });
                s.line.clear();
                i += 1;
            }
            0x1B => {
                match arg(i + 1) {
                    b'@' => {
                        s = State::default();
                        i += 2;
                        continue;
                    }
                    b't' => s.page = arg(i + 2),
                    b'a' => {
                        assert!(s.line.is_empty(), "ESC a only takes effect at a line start");
                        s.centred = match arg(i + 2) {
                            0 => false,
                            1 => true,
                            n => panic!("alignment {n}"),
                        }
                    }
                    b'E' => s.bold = arg(i + 2) & 1 == 1,
                    c => panic!("unexpected ESC {c:#04x}"),
                }
                i += 3;
            }
            0x1D => match arg(i + 1) {
                b'!' => {
                    s.double = match arg(i + 2) {
                        0x00 => false,
                        0x11 => true,
                        n => panic!("character size {n:#04x}"),
                    };
                    i += 3;
                }
                b'H' => {
                    s.hri = arg(i + 2);
                    i += 3;
                }
                b'h' => {
                    assert!(arg(i + 2) >= 1);
                    i += 3;
                }
                b'w' => {
                    s.bar_width = arg(i + 2);
                    assert!((2..=6).contains(&s.bar_width), "GS w {}", s.bar_width);
                    i += 3;
                }
                b'k' => {
                    assert_eq!(arg(i + 2), 73, "Code 128 of function B");
                    assert!(s.line.is_empty(), "bars start a line");
                    let n = usize::from(arg(i + 3));
                    let data = &bytes[i + 4..i + 4 + n];
                    p.bars.push(Barcode {
                        data: code128(data),
                        hri_below: s.hri == 2,
                        module_dots: s.bar_width,
                    });
                    i += 4 + n;
                }
                b'(' => {
                    assert_eq!(arg(i + 2), b'k');
                    let len = usize::from(arg(i + 3)) + 256 * usize::from(arg(i + 4));
                    let body = &bytes[i + 5..i + 5 + len];
                    assert_eq!(body[0], 49, "a QR function");
                    match (body[1], &body[2..]) {
                        (65, [50, 0]) => s.qr_model2 = true,
                        (67, [n]) => s.qr_size = *n,
                        (69, [n]) => s.qr_level = *n,
                        (80, [48, data @ ..]) => s.qr_store = Some(data.to_vec()),
                        (81, [48]) => {
                            assert!(s.line.is_empty(), "a QR starts a line");
                            let data = s.qr_store.take().expect("QR data stored before printing");
                            p.qrs.push(Qr {
                                data: String::from_utf8(data).expect("UTF-8 link"),
                                model2: s.qr_model2,
                                level_m: s.qr_level == 49,
                                module_dots: s.qr_size,
                            });
                        }
                        (f, rest) => panic!("QR function {f} with {rest:?}"),
                    }
                    i += 5 + len;
                }
                b'V' => {
                    assert_eq!(arg(i + 2), 66, "partial cut after a feed");
                    let _feed = arg(i + 3);
                    assert!(s.line.is_empty(), "text left unprinted before the cut");
                    p.cut = true;
                    i += 4;
                }
                c => panic!("unexpected GS {c:#04x}"),
            },
            0x20..=0x7E | 0x80..=0xFF => {
                s.line.push(b);
                i += 1;
            }
            _ => panic!("control byte {b:#04x} at {i}"),
        }
    }
    assert!(
        s.line.is_empty(),
        "text never printed: no line feed after it"
    );
    p
}
