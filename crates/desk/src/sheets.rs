//! One way to write what the desk hands to a spreadsheet (the day's orders, the international
//! orders, the import's template and the rows to fix), so every such file opens the same in the
//! clerk's spreadsheet, in the clerk's locale:
//!
//! - **CSV**: UTF-8 with a byte-order mark (else a spreadsheet in a Russian or Uzbek locale shows
//!   the letters as mojibake); fields separated by `;` where the language writes the decimal
//!   comma (Uzbek, Russian) and by `,` in English, so a number never splits its row; line ends
//!   CRLF; days `DD.MM.YYYY`, moments `DD.MM.YYYY HH:MM`; numbers with the language's decimal
//!   sign and no grouping (a spreadsheet reads them as numbers); codes (a barcode, a phone, a
//!   tax number) and any text a spreadsheet would take for a number or a formula written as a
//!   formula that is the text itself (`="019914300001"`): shown as they are, every zero and plus
//!   kept, never run, with no stray character before them.
//! - **XLSX**: texts and codes as text, numbers as numbers, days and moments as dates shown
//!   `dd.mm.yyyy` (`hh:mm`), the header bold and frozen.

use api::codes::Language;
use chrono::NaiveDate;

/// One cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Words: a name, a city, a status.
    Text(String),
    /// Characters that look like a number but name something (a barcode, a phone, a tax
    /// number): kept as text, whole.
    Code(String),
    /// A quantity with `places` digits after the decimal sign at most (the zeros that end it
    /// are left off).
    Number(f64, u32),
    /// A day.
    Date(NaiveDate),
    /// A moment, in seconds, as the counter's clock reads it.
    Moment(i64),
}

/// A sheet: its name (the workbook's tab), its columns' titles and its rows.
#[derive(Debug, Clone, Default)]
pub struct Sheet {
    pub name: String,
    pub heads: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// The field separator of a CSV for `lang`'s spreadsheets.
pub fn separator(lang: Language) -> u8 {
    match text::number::decimal_sign(lang.as_str()) {
        ',' => b';',
        _ => b',',
    }
}

/// A moment as the counter's clock reads it.
fn local(at: i64) -> Option<chrono::NaiveDateTime> {
    let utc = chrono::DateTime::from_timestamp(at, 0)?;
    Some(utc.with_timezone(&text::day::counter_zone()).naive_local())
}

/// A text a spreadsheet would take for something else: a formula, a number, a date.
fn misread(text: &str) -> bool {
    let first = text.chars().next();
    matches!(first, Some('=' | '+' | '-' | '@'))
        || (!text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || " .,/:-".contains(c)))
}

/// A formula whose value is `text`: shown as it is, never run.
fn as_itself(text: &str) -> String {
    format!("=\"{}\"", text.replace('"', "\"\""))
}

impl Cell {
    /// The cell as a CSV field for `lang`.
    fn csv(&self, lang: Language) -> String {
        match self {
            Cell::Text(t) if misread(t) => as_itself(t),
            Cell::Text(t) => t.clone(),
            Cell::Code(c) if c.is_empty() => String::new(),
            Cell::Code(c) => as_itself(c),
            Cell::Number(n, places) => {
                let shown = text::number::float_trimmed(*n, *places, lang.as_str());
                shown.replace(text::number::GROUP, "")
            }
            Cell::Date(d) => d.format("%d.%m.%Y").to_string(),
            Cell::Moment(at) => local(*at)
                .map(|t| t.format("%d.%m.%Y %H:%M").to_string())
                .unwrap_or_default(),
        }
    }
}

impl Sheet {
    /// The sheet as CSV for spreadsheets in `lang`'s locale.
    pub fn csv(&self, lang: Language) -> Result<Vec<u8>, String> {
        let mut out = csv::WriterBuilder::new()
            .delimiter(separator(lang))
            .terminator(csv::Terminator::CRLF)
            .from_writer(b"\xEF\xBB\xBF".to_vec());
        out.write_record(&self.heads).map_err(|e| e.to_string())?;
        for row in &self.rows {
            let cells = row.iter().map(|c| c.csv(lang));
            out.write_record(cells).map_err(|e| e.to_string())?;
        }
        out.into_inner().map_err(|e| e.to_string())
    }

    /// The sheet as an XLSX workbook of one sheet.
    pub fn xlsx(&self) -> Result<Vec<u8>, String> {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        self.write_into(sheet)?;
        book.save_to_buffer().map_err(|e| e.to_string())
    }

    /// Writes the sheet into a workbook's `sheet` (a workbook of several sheets).
    pub fn write_into(&self, sheet: &mut rust_xlsxwriter::Worksheet) -> Result<(), String> {
        let e = |e: rust_xlsxwriter::XlsxError| e.to_string();
        if !self.name.is_empty() {
            sheet.set_name(&self.name).map_err(e)?;
        }
        let bold = rust_xlsxwriter::Format::new().set_bold();
        let day = rust_xlsxwriter::Format::new().set_num_format("dd.mm.yyyy");
        let moment = rust_xlsxwriter::Format::new().set_num_format("dd.mm.yyyy hh:mm");
        for (col, head) in (0u16..).zip(&self.heads) {
            sheet
                .write_string_with_format(0, col, head, &bold)
                .map_err(e)?;
        }
        for (r, row) in (1u32..).zip(&self.rows) {
            for (col, cell) in (0u16..).zip(row) {
                match cell {
                    Cell::Text(t) | Cell::Code(t) => sheet.write_string(r, col, t),
                    Cell::Number(n, _) => sheet.write_number(r, col, *n),
                    Cell::Date(d) => match excel_date(*d) {
                        Some(d) => sheet.write_datetime_with_format(r, col, &d, &day),
                        None => sheet.write_string(r, col, d.format("%d.%m.%Y").to_string()),
                    },
                    Cell::Moment(at) => match local(*at).and_then(excel_moment) {
                        Some(t) => sheet.write_datetime_with_format(r, col, &t, &moment),
                        None => sheet.write_string(r, col, ""),
                    },
                }
                .map_err(e)?;
            }
        }
        sheet.autofit();
        sheet.set_freeze_panes(1, 0).map_err(e)?;
        Ok(())
    }
}

fn excel_date(d: NaiveDate) -> Option<rust_xlsxwriter::ExcelDateTime> {
    use chrono::Datelike;
    let year = u16::try_from(d.year()).ok()?;
    rust_xlsxwriter::ExcelDateTime::from_ymd(year, d.month() as u8, d.day() as u8).ok()
}

fn excel_moment(t: chrono::NaiveDateTime) -> Option<rust_xlsxwriter::ExcelDateTime> {
    use chrono::Timelike;
    excel_date(t.date())?
        .and_hms(t.hour() as u16, t.minute() as u8, t.second() as f64)
        .ok()
}

/// A CSV field as a spreadsheet gives it back: a formula that is a text (`="0199"`) read as
/// that text (the importer reads what the desk wrote, and what a spreadsheet saved).
pub fn read_field(field: &str) -> String {
    let t = field.trim();
    match t.strip_prefix("=\"").and_then(|r| r.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> Sheet {
        Sheet {
            name: "Kun".into(),
            heads: vec![
                "Shtrix-kod".into(),
                "Ism".into(),
                "Og'irlik".into(),
                "Sana".into(),
            ],
            rows: vec![vec![
                Cell::Code("019914300001".into()),
                Cell::Text("=HYPERLINK(\"x\")".into()),
                Cell::Number(2.5, 3),
                Cell::Date(NaiveDate::from_ymd_opt(2026, 8, 1).unwrap_or_default()),
            ]],
        }
    }

    #[test]
    fn a_csv_opens_right_in_each_locale() {
        for (lang, sep, weight) in [
            (Language::Ru, ';', "2,5"),
            (Language::Uz, ';', "2,5"),
            (Language::En, ',', "2.5"),
        ] {
            let bytes = sheet().csv(lang).unwrap_or_default();
            assert!(
                bytes.starts_with(b"\xEF\xBB\xBF"),
                "{lang:?}: a byte-order mark"
            );
            let text = String::from_utf8(bytes[3..].to_vec()).unwrap_or_default();
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(sep as u8)
                .from_reader(text.as_bytes());
            let row = reader
                .records()
                .next()
                .and_then(Result::ok)
                .unwrap_or_default();
            assert_eq!(
                read_field(&row[0]),
                "019914300001",
                "{lang:?}: the zero kept"
            );
            assert!(row[0].starts_with("=\""), "{lang:?}: shown as text");
            assert!(row[1].starts_with("=\""), "{lang:?}: a formula never runs");
            assert_eq!(read_field(&row[1]), "=HYPERLINK(\"x\")");
            assert_eq!(&row[2], weight, "{lang:?}");
            assert_eq!(&row[3], "01.08.2026", "{lang:?}");
            assert!(text.contains("\r\n"));
        }
    }

    #[test]
    fn texts_with_separators_quotes_and_lines_read_back_whole() {
        let texts = [
            "a,b",
            "a;b",
            "say \"hi\"",
            "two\nlines",
            "+998 90 123",
            "0.8",
        ];
        let sheet = Sheet {
            name: String::new(),
            heads: vec!["x".into()],
            rows: texts
                .iter()
                .map(|t| vec![Cell::Text(t.to_string())])
                .collect(),
        };
        for lang in [Language::Ru, Language::En] {
            let bytes = sheet.csv(lang).unwrap_or_default();
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(separator(lang))
                .from_reader(&bytes[3..]);
            let back: Vec<String> = reader
                .records()
                .filter_map(Result::ok)
                .map(|r| read_field(&r[0]))
                .collect();
            assert_eq!(back, texts, "{lang:?}");
        }
    }

    #[test]
    fn a_workbook_holds_numbers_dates_and_texts() {
        use calamine::{Data, Reader, Xlsx};
        let bytes = sheet().xlsx().unwrap_or_default();
        let mut book: Xlsx<_> =
            calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("a workbook");
        let range = book.worksheet_range("Kun").expect("the sheet");
        assert_eq!(
            range.get((1, 0)),
            Some(&Data::String("019914300001".into()))
        );
        assert_eq!(range.get((1, 2)), Some(&Data::Float(2.5)));
        assert!(matches!(range.get((1, 3)), Some(Data::DateTime(_))));
    }
}
