//! Many parcels at once from a spreadsheet (CSV, or the workbook itself): one row per product line, the parcel's
//! columns repeated on each of its rows (rows with the same `ParcelNumber` are one parcel). The
//! columns are named as the contract names the fields, or as the parcel form labels them in any of
//! the three languages, loosely (case, spaces, underscores and dashes do not count: "Receiver
//! phone", "receiver_phone" and "ReceiverPhone" are one column); every parcel is checked with the
//! same rules as the form, and each problem is kept with its row and column for the clerk.

use crate::international::parcel_draft::{Destination, ParcelDraft, ProductDraft};
use crate::problem::Problem;
use api::codes::{Delivery, ProductUnit};
use api::international::{line_field as product_field, parcel_field as field};

/// One parcel read from the file: where it came from, the form it makes, what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedParcel {
    /// The file's line numbers of its rows (the header is line 1).
    pub lines: Vec<usize>,
    pub draft: ParcelDraft,
    /// Each problem with its row and column, empty when it can be sent.
    pub problems: Vec<CellProblem>,
}

/// A file as read: its cells, its parcels, and the numbers the service already has from this
/// desk.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadFile {
    pub table: Vec<Vec<String>>,
    pub parcels: Vec<ImportedParcel>,
    pub sent: std::collections::BTreeSet<String>,
}

/// A problem of one cell: the file's line, the column's name, what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct CellProblem {
    pub line: usize,
    pub column: String,
    pub problem: Problem,
}

fn cell(line: usize, column: &str, problem: Problem) -> CellProblem {
    CellProblem {
        line,
        column: column.to_string(),
        problem,
    }
}

/// Why the file as a whole cannot be read (the screen says it in the clerk's words).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("the file has no header row")]
    Empty,
    /// A column the parcels need is not in the file; `closest` is the file's header most like
    /// it, when one is near (a misspelling to fix).
    #[error("column {column} is missing")]
    MissingColumn {
        column: &'static str,
        closest: Option<String>,
    },
    #[error("line {line}: {detail}")]
    Unreadable { line: usize, detail: String },
    /// The file itself could not be opened (the system's words).
    #[error("{0}")]
    Io(String),
}

/// A header as it is compared: its letters and digits, in lower case.
fn squeeze(header: &str) -> String {
    header
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The parcel form's labels of the columns, whose words in any of the three languages name the
/// column in a file too.
const LABELS: &[(&str, &str)] = &[
    (field::NUMBER, "parcel.number"),
    (field::SURNAME, "parcel.surname"),
    (field::FIRST_NAME, "parcel.first_name"),
    (field::PATRONYMIC, "parcel.patronymic"),
    (field::PHONE, "parcel.phone"),
    (field::PHONE1, "parcel.phone1"),
    (field::PASSPORT_SERIAL, "parcel.passport_series"),
    (field::PASSPORT_NUMBER, "parcel.passport_number"),
    (field::PINFL, "parcel.pinfl"),
    (field::ADDRESS, "parcel.address"),
    (field::WEIGHT, "parcel.weight"),
    (field::VALUE, "parcel.value"),
    (field::CURRENCY, "parcel.currency"),
    (field::CITY, "parcel.city"),
    (field::BRANCH, "parcel.branch"),
    (field::DELIVERY, "parcel.delivery"),
    (product_field::DESCRIPTION, "parcel.description"),
    (product_field::DESCRIPTION_RU, "parcel.description_ru"),
    (product_field::QUANTITY, "parcel.quantity"),
    (product_field::WEIGHT, "parcel.net_weight"),
    (product_field::VALUE, "parcel.unit_value"),
    (product_field::URL, "parcel.url"),
    (product_field::HS_CODE, "parcel.hs_code"),
    (product_field::MODEL, "parcel.model"),
    (product_field::IMEI, "parcel.imei"),
    ("ProductUnit", "parcel.unit"),
    ("ReceiverCustomsAgree", "parcel.customs_agree"),
    (ORIGIN, "parcel.origin"),
    (ABROAD_COUNTRY, "parcel.abroad_country"),
    (ABROAD_CITY, "parcel.abroad_city"),
];

/// The columns of the parcel's country and city abroad, by the service's ids: the desk's own
/// (the service's parcel has no such fields), kept for its CN 23 and manifest.
pub const ABROAD_COUNTRY: &str = "AbroadCountryId";
pub const ABROAD_CITY: &str = "AbroadCityId";

/// The column of a line's country of origin: the desk's own (the service's parcel has no such
/// field), kept for the customs declaration.
pub const ORIGIN: &str = "ProductOrigin";

/// The name the parcel form gives a column, in the clerk's language (the file's columns are
/// the service's names, which are not the clerk's); the column's own name where the form has
/// none.
pub fn column_label(column: &str) -> String {
    match LABELS.iter().find(|(c, _)| *c == column) {
        Some((_, key)) => rust_i18n::t!(*key).to_string(),
        None => column.to_string(),
    }
}

/// Where a parcel's field (`ReceiverPinfl`, `products.1.HsCodeIs`) stands in its file, given
/// its rows by product line: a line's field on that line's own row, the parcel's on its first.
fn place_of<'k>(lines: &[usize], key: &'k str) -> (usize, &'k str) {
    let first = lines.first().copied().unwrap_or(0);
    match key.strip_prefix("products.") {
        Some(rest) => {
            let (n, column) = rest.split_once('.').unwrap_or((rest, ""));
            let row = n.parse::<usize>().ok().and_then(|n| lines.get(n).copied());
            (row.unwrap_or(first), column)
        }
        None => (first, key),
    }
}

/// Where the service's refusal of a parcel points in its file: each field it named, as the
/// file's line and column (a product line's field on that line's own row, the parcel's on its
/// first), with what it said there. `lines`: the parcel's rows in the file, by product line.
pub fn refusal_cells(
    lines: &[usize],
    fields: &api::FieldErrors,
) -> Vec<(usize, &'static str, String)> {
    fields
        .iter()
        .map(|(key, said)| {
            let key = crate::international::parcel_draft::normalise_key(key);
            let (line, column) = place_of(lines, &key);
            // Known columns by their own name; anything else as the service wrote it.
            let column = LABELS
                .iter()
                .map(|(c, _)| *c)
                .find(|c| *c == column)
                .unwrap_or("");
            let said = said.join(" ");
            let said = if column.is_empty() {
                format!("{key}: {said}")
            } else {
                said
            };
            (line, column, said)
        })
        .collect()
}

/// Every name a column goes by, squeezed: its wire name and its label in uz, ru and en.
fn names_of(column: &str) -> Vec<String> {
    let mut names = vec![squeeze(column)];
    if let Some((_, key)) = LABELS.iter().find(|(c, _)| *c == column) {
        for lang in ["uz", "ru", "en"] {
            names.push(squeeze(&rust_i18n::t!(*key, locale = lang)));
        }
    }
    names
}

/// The file's columns, found by any of their names.
struct Columns {
    headers: Vec<String>,
}

impl Columns {
    fn position(&self, column: &str) -> Option<usize> {
        let names = names_of(column);
        self.headers.iter().position(|h| names.contains(h))
    }

    /// The file's header most like `column` among those no known column takes, when it is
    /// near enough to be a misspelling of it.
    fn closest(&self, column: &str, original: &[String]) -> Option<String> {
        let names = names_of(column);
        let taken = |h: &String| LABELS.iter().any(|(c, _)| names_of(c).contains(h));
        self.headers
            .iter()
            .zip(original)
            .filter(|(h, _)| !h.is_empty() && !taken(h))
            .filter_map(|(h, shown)| {
                let d = names.iter().map(|n| distance(n, h)).min()?;
                (d <= (h.chars().count() / 3).max(2)).then(|| (d, shown.clone()))
            })
            .min_by_key(|(d, _)| *d)
            .map(|(_, shown)| shown)
    }
}

/// How many letters must be added, removed or changed to make `a` into `b`.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut last = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let kept = last + usize::from(ca != *cb);
            last = row[j + 1];
            row[j + 1] = kept.min(row[j] + 1).min(last + 1);
        }
    }
    row[b.len()]
}

/// Columns the file must have.
const REQUIRED: &[&str] = &[
    field::NUMBER,
    field::SURNAME,
    field::FIRST_NAME,
    field::PHONE,
    field::PASSPORT_SERIAL,
    field::PASSPORT_NUMBER,
    field::PINFL,
    field::WEIGHT,
    field::CITY,
    product_field::DESCRIPTION,
    product_field::DESCRIPTION_RU,
    product_field::QUANTITY,
    product_field::WEIGHT,
    product_field::VALUE,
    product_field::URL,
    product_field::HS_CODE,
];

fn delivery(text: &str) -> Option<Delivery> {
    match text.trim().to_lowercase().as_str() {
        "" | "1" | "courier" => Some(Delivery::Courier),
        "0" | "office" | "branch" | "self" => Some(Delivery::Office),
        "2" | "remote" => Some(Delivery::RemoteCourier),
        _ => None,
    }
}

fn unit(text: &str) -> Option<ProductUnit> {
    let t = text.trim();
    if t.is_empty() {
        return Some(ProductUnit::Piece);
    }
    serde_json::from_value(serde_json::Value::String(t.to_string())).ok()
}

/// Reads a CSV file's text; a parcel's problems are its own, the file's are an error.
pub fn read(text: &str) -> Result<Vec<ImportedParcel>, ImportError> {
    from_rows(csv_table(text)?)
}

/// Reads a workbook (xlsx, xls, ods): its first sheet, as the CSV would be.
pub fn read_workbook(bytes: Vec<u8>) -> Result<Vec<ImportedParcel>, ImportError> {
    from_rows(workbook_table(bytes)?)
}

/// A CSV file's cells, row by row (comma or semicolon, whichever the header uses more).
pub fn csv_table(text: &str) -> Result<Vec<Vec<String>>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let delimiter = if text
        .lines()
        .next()
        .is_some_and(|h| h.matches(';').count() > h.matches(',').count())
    {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .has_headers(false)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| ImportError::Unreadable {
            line: i + 1,
            detail: e.to_string(),
        })?;
        // A value the desk (or a spreadsheet) wrote as a formula that is its text, read as the
        // text.
        rows.push(record.iter().map(crate::sheets::read_field).collect());
    }
    Ok(rows)
}

/// A workbook's first sheet's cells, row by row.
pub fn workbook_table(bytes: Vec<u8>) -> Result<Vec<Vec<String>>, ImportError> {
    use calamine::Reader;
    let unreadable = |detail: String| ImportError::Unreadable { line: 1, detail };
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
        .map_err(|e| unreadable(e.to_string()))?;
    let sheet = book
        .worksheet_range_at(0)
        .ok_or(ImportError::Empty)?
        .map_err(|e| unreadable(e.to_string()))?;
    Ok(sheet
        .rows()
        .map(|r| r.iter().map(|c| c.to_string().trim().to_string()).collect())
        .collect())
}

/// Why each line of a parcel that cannot be sent stays behind, by the file's line numbers: every
/// row of such a parcel goes back (its rows come in together again), with its own problems, or,
/// for a row with none of its own, all of its parcel's; each said by `says`.
pub fn reasons(
    parcels: &[ImportedParcel],
    says: impl Fn(&CellProblem) -> String,
) -> std::collections::BTreeMap<usize, String> {
    let mut out = std::collections::BTreeMap::new();
    for p in parcels.iter().filter(|p| !p.problems.is_empty()) {
        for line in &p.lines {
            let own: Vec<&CellProblem> = p.problems.iter().filter(|c| c.line == *line).collect();
            let said: Vec<String> = if own.is_empty() {
                p.problems.iter().map(&says).collect()
            } else {
                own.into_iter().map(&says).collect()
            };
            out.insert(*line, said.join("; "));
        }
    }
    out
}

/// The rows to fix, as a CSV file that imports again once fixed: the file's own header and,
/// for every line that has a reason (by the file's line numbers, the header being line 1), its
/// cells as they were, with the reason in a last column (which the import does not read).
/// Written with a byte order mark, so a spreadsheet opens it as UTF-8.
pub fn rows_to_fix(
    table: &[Vec<String>],
    reasons: &std::collections::BTreeMap<usize, String>,
    reason_header: &str,
    lang: api::codes::Language,
) -> Result<Vec<u8>, String> {
    use crate::sheets::{Cell, Sheet};
    let Some(header) = table.first() else {
        return Err("the file has no header row".into());
    };
    let width = table.iter().map(Vec::len).max().unwrap_or(0);
    let row = |cells: &[String], last: &str| {
        let mut r: Vec<String> = cells.to_vec();
        r.resize(width, String::new());
        r.push(last.to_string());
        r
    };
    // Written as every file for a spreadsheet is (`crate::sheets`); every value as text, as it
    // was in the file.
    let rows = table
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, cells)| {
            let reason = reasons.get(&(i + 1))?;
            Some(row(cells, reason).into_iter().map(Cell::Text).collect())
        })
        .collect();
    let sheet = Sheet {
        name: String::new(),
        heads: row(header, reason_header),
        rows,
    };
    sheet.csv(lang)
}

/// The parcels of a table whose first row names the columns.
pub fn from_rows(rows: Vec<Vec<String>>) -> Result<Vec<ImportedParcel>, ImportError> {
    let mut rows = rows.into_iter();
    let headers = rows.next().ok_or(ImportError::Empty)?;
    if headers.is_empty() || headers.iter().all(String::is_empty) {
        return Err(ImportError::Empty);
    }
    let columns = Columns {
        headers: headers.iter().map(|h| squeeze(h)).collect(),
    };
    let column = |name: &str| columns.position(name);
    for name in REQUIRED {
        if column(name).is_none() {
            return Err(ImportError::MissingColumn {
                column: name,
                closest: columns.closest(name, &headers),
            });
        }
    }
    let mut parcels: Vec<ImportedParcel> = Vec::new();
    for (i, record) in rows.enumerate() {
        let line = i + 2;
        if record.iter().all(String::is_empty) {
            continue;
        }
        let get = |name: &str| {
            column(name)
                .and_then(|c| record.get(c))
                .cloned()
                .unwrap_or_default()
        };
        let mut problems = Vec::new();
        let number = get(field::NUMBER);
        let product = ProductDraft {
            description: get(product_field::DESCRIPTION),
            description_ru: get(product_field::DESCRIPTION_RU),
            quantity: get(product_field::QUANTITY),
            weight: get(product_field::WEIGHT),
            value: get(product_field::VALUE),
            url: get(product_field::URL),
            unit: unit(&get("ProductUnit")).unwrap_or_else(|| {
                problems.push(cell(line, "ProductUnit", Problem::Choice));
                ProductUnit::Piece
            }),
            hs_code: get(product_field::HS_CODE),
            model: get(product_field::MODEL),
            imei: get(product_field::IMEI),
            origin: get(ORIGIN).trim().to_string(),
        };
        if let Some(p) = parcels
            .iter_mut()
            .find(|p| !number.is_empty() && p.draft.number == number)
        {
            p.lines.push(line);
            p.draft.products.push(product);
            p.problems.extend(problems);
            continue;
        }
        let id = |name: &str| {
            let t = get(name);
            match t.trim() {
                "" => Ok(None),
                t => t.parse::<i64>().map(Some).map_err(|_| ()),
            }
        };
        let city = id(field::CITY).unwrap_or_else(|()| {
            problems.push(cell(line, field::CITY, Problem::Number));
            None
        });
        let branch = id(field::BRANCH).unwrap_or_else(|()| {
            problems.push(cell(line, field::BRANCH, Problem::Number));
            None
        });
        let country = id(ABROAD_COUNTRY).unwrap_or_else(|()| {
            problems.push(cell(line, ABROAD_COUNTRY, Problem::Number));
            None
        });
        let abroad = id(ABROAD_CITY).unwrap_or_else(|()| {
            problems.push(cell(line, ABROAD_CITY, Problem::Number));
            None
        });
        if abroad.is_some() && country.is_none() {
            // A city abroad is the service's within its country: one without it is no place.
            problems.push(cell(line, ABROAD_COUNTRY, Problem::Required));
        }
        let agree = get("ReceiverCustomsAgree");
        let draft = ParcelDraft {
            number,
            surname: get(field::SURNAME),
            first_name: get(field::FIRST_NAME),
            patronymic: get(field::PATRONYMIC),
            phone: get(field::PHONE),
            phone1: get(field::PHONE1),
            passport_serial: get(field::PASSPORT_SERIAL),
            passport_number: get(field::PASSPORT_NUMBER),
            pinfl: get(field::PINFL),
            address: get(field::ADDRESS),
            customs_agree: !matches!(agree.trim(), "0" | "no" | "false"),
            weight: get(field::WEIGHT),
            value: get(field::VALUE),
            currency: {
                let c = get(field::CURRENCY);
                if c.trim().is_empty() {
                    "USD".into()
                } else {
                    c.trim().to_uppercase()
                }
            },
            to: Destination {
                city,
                branch,
                delivery: delivery(&get("ReceiverDelivery")).unwrap_or_else(|| {
                    problems.push(cell(line, "ReceiverDelivery", Problem::Choice));
                    Delivery::Courier
                }),
            },
            products: vec![product],
            // A file's parcels are not priced here: the route holds only its place abroad.
            route: crate::international::intl_quote::QuoteRoute {
                country,
                receiver_city: abroad,
                ..Default::default()
            },
        };
        parcels.push(ImportedParcel {
            lines: vec![line],
            draft,
            problems,
        });
    }
    for p in &mut parcels {
        let checked: Vec<(String, Problem)> = p.draft.problems().into_iter().collect();
        for (key, problem) in checked {
            let (line, column) = place_of(&p.lines, &key);
            p.problems.push(cell(line, column, problem));
        }
    }
    Ok(parcels)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A good parcel's row (one product line) numbered `n`.
    fn good_row(n: usize) -> String {
        format!(
            "CN{n:09}UZ,Karimov,Aziz,+998 90 1234567,AA,1234567,31234567890123,1.5,80,USD,101,1,Shoes,Обувь,1,1.2,50,https://s.example/{n},pcs,640411"
        )
    }

    #[test]
    fn a_file_with_ten_broken_rows_gives_its_good_parcels_and_writes_the_broken_back_with_reasons()
    {
        let mut lines = vec![HEADER.to_string()];
        let mut broken = Vec::new();
        for n in 0..40 {
            let row = good_row(n);
            let row = match n % 4 {
                // A PINFL too short, a weight that is no number, a bad unit, a city that is no id.
                0 if broken.len() < 10 => row.replace(",31234567890123,", ",3123,"),
                1 if broken.len() < 10 => row.replace(",1.5,80,", ",heavy,80,"),
                2 if broken.len() < 10 => row.replace(",pcs,", ",bags,"),
                3 if broken.len() < 10 => row.replace(",USD,101,", ",USD,Tashkent,"),
                _ => row,
            };
            if row != good_row(n) {
                broken.push(lines.len() + 1);
            }
            lines.push(row);
        }
        assert_eq!(broken.len(), 10);
        let text = lines.join("\n");
        let parcels = read(&text).expect("readable");
        let good: Vec<&ImportedParcel> = parcels.iter().filter(|p| p.problems.is_empty()).collect();
        assert_eq!(good.len(), 30, "the good ones are taken");
        assert!(good.iter().all(|p| p.draft.to_input().is_ok()));
        let why = reasons(&parcels, |c| format!("{}: {:?}", c.column, c.problem));
        assert_eq!(why.keys().copied().collect::<Vec<_>>(), broken);
        let table = csv_table(&text).expect("a table");
        let fix = rows_to_fix(&table, &why, "Problems", api::codes::Language::En).expect("written");
        let fix = String::from_utf8(fix).expect("text");
        assert!(
            fix.starts_with('\u{feff}'),
            "a spreadsheet reads it as UTF-8"
        );
        // The file to fix is the broken rows as they were, each with its reason, and it reads
        // again as the same ten parcels with the same problems.
        let back = read(&fix).expect("it reads again");
        assert_eq!(back.len(), 10);
        assert!(back.iter().all(|p| !p.problems.is_empty()));
        let again = csv_table(&fix).expect("a table");
        assert_eq!(again[0].last().map(String::as_str), Some("Problems"));
        for (row, line) in again.iter().skip(1).zip(&broken) {
            assert_eq!(
                row[..row.len() - 1],
                table[line - 1][..],
                "line {line} as it was"
            );
            assert_eq!(row.last(), why.get(line), "line {line} says why");
        }
        assert!(why.values().any(|r| r.contains("ReceiverPinfl")));
        assert!(why.values().any(|r| r.contains("ParcelWeight")));
        assert!(why.values().any(|r| r.contains("ProductUnit")));
        assert!(why.values().any(|r| r.contains("ReceiverCityId")));
    }

    const HEADER: &str = "ParcelNumber,ReceiverSurname,ReceiverFirstName,ReceiverPhone,ReceiverPassposrtSerial,ReceiverPassposrtNumber,ReceiverPinfl,ParcelWeight,ParcelValue,ParcelDeclareCurrency,ReceiverCityId,ReceiverDelivery,ProductDescription,ProductDescriptionRu,ProductQuantity,ProductWeight,ProductDeclareValue,ProductUrl,ProductUnit,HsCodeIs";

    #[test]
    fn rows_of_one_parcel_become_its_lines_and_problems_name_row_and_column() {
        let text = format!(
            "\u{feff}{HEADER}\n\
             CN1,Karimov,Aziz,+998 90 1234567,AA,1234567,31234567890123,1.5,80,USD,101,1,\"Shoes, red\",Обувь,1,1.2,50,https://s.example/1,pcs,640411\n\
             CN1,Karimov,Aziz,+998 90 1234567,AA,1234567,31234567890123,1.5,80,USD,101,1,Socks,Носки,2,0.1,15,https://s.example/2,pcs,611595\n\
             CN2,Valiyev,Vali,+998 91 7654321,AB,7654321,123,0.5,20,eur,101,courier,Book,Книга,1,0.4,20,https://s.example/3,dona,4901\n"
        );
        let parcels = read(&text).expect("readable");
        assert_eq!(parcels.len(), 2);
        assert_eq!(parcels[0].lines, vec![2, 3]);
        assert_eq!(parcels[0].draft.products.len(), 2);
        assert_eq!(parcels[0].draft.products[0].description, "Shoes, red");
        assert!(parcels[0].problems.is_empty(), "{:?}", parcels[0].problems);
        assert!(parcels[0].draft.to_input().is_ok());
        assert_eq!(parcels[1].draft.currency, "EUR");
        assert!(
            parcels[1]
                .problems
                .contains(&cell(4, "ReceiverPinfl", Problem::Pinfl))
        );
        assert!(
            parcels[1]
                .problems
                .contains(&cell(4, "HsCodeIs", Problem::HsCode))
        );
    }

    #[test]
    fn a_parcels_place_abroad_is_read_by_its_ids_and_named_in_any_language() {
        let text = format!(
            "{HEADER},Xorijdagi davlat,City abroad\n\
             {ROW},1,10101\n\
             {},,\n\
             {},,10101\n\
             {},1,Moskva\n",
            ROW.replace("CN1", "CN2"),
            ROW.replace("CN1", "CN3"),
            ROW.replace("CN1", "CN4"),
        );
        let parcels = read(&text).expect("readable");
        let abroad: Vec<_> = parcels.iter().map(|p| p.draft.extras().abroad).collect();
        let moscow = store::PlaceAbroad {
            country: 1,
            city: 10101,
        };
        assert_eq!(abroad[..2], [Some(moscow), None]);
        assert!(parcels[0].problems.is_empty() && parcels[1].problems.is_empty());
        assert_eq!(
            parcels[2].problems,
            vec![cell(4, ABROAD_COUNTRY, Problem::Required)],
            "a city abroad without its country"
        );
        assert_eq!(
            parcels[3].problems,
            vec![cell(5, ABROAD_CITY, Problem::Number)],
            "the service's number, not a name"
        );
    }

    #[test]
    fn a_refusal_points_at_the_files_line_and_column() {
        let fields: api::FieldErrors = [
            ("products[1].HsCodeIs", "HsCodeIs is invalid."),
            ("ReceiverPinfl", "Wrong PINFL."),
            ("Mystery", "Odd."),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), vec![v.to_string()]))
        .collect();
        let cells = refusal_cells(&[7, 9], &fields);
        assert!(cells.contains(&(9, "HsCodeIs", "HsCodeIs is invalid.".into())));
        assert!(cells.contains(&(7, "ReceiverPinfl", "Wrong PINFL.".into())));
        assert!(cells.contains(&(7, "", "Mystery: Odd.".into())));
    }

    /// A parcel's one row under [`HEADER`].
    const ROW: &str = "CN1,Karimov,Aziz,+998 90 1234567,AA,1234567,31234567890123,1.5,80,USD,101,1,Shoes,Обувь,1,1.2,50,https://s.example/1,pcs,640411";

    #[test]
    fn headers_are_matched_loosely_and_in_the_three_languages() {
        let names: Vec<&str> = HEADER.split(',').collect();
        // Spacing, case and underscores.
        let loose: Vec<String> = names
            .iter()
            .map(|n| {
                let mut spaced = String::new();
                for (i, c) in n.chars().enumerate() {
                    if i > 0 && c.is_uppercase() {
                        spaced.push('_');
                    }
                    spaced.extend(c.to_lowercase());
                }
                spaced
            })
            .collect();
        let file = format!("{}\n{}\n", loose.join(","), ROW);
        let read_back = read(&file).expect("read");
        assert_eq!(read_back.len(), 1, "{file}");
        assert!(
            read_back[0].problems.is_empty(),
            "{:?}",
            read_back[0].problems
        );
        // The form's own labels, in each language.
        for lang in ["uz", "ru", "en"] {
            let labelled: Vec<String> = names
                .iter()
                .map(|n| match LABELS.iter().find(|(c, _)| c == n) {
                    Some((_, key)) => rust_i18n::t!(*key, locale = lang).to_string(),
                    None => n.to_string(),
                })
                .collect();
            let file = format!("{}\n{}\n", labelled.join(";"), ROW.replace(',', ";"));
            let read_back = read(&file).expect(lang);
            assert_eq!(read_back.len(), 1, "{lang}: {file}");
            assert!(
                read_back[0].problems.is_empty(),
                "{lang}: {:?}",
                read_back[0].problems
            );
        }
    }

    #[test]
    fn a_file_without_the_columns_is_refused_whole() {
        assert_eq!(
            read("ParcelNumber,ReceiverSurname\nCN1,K\n"),
            Err(ImportError::MissingColumn {
                column: field::FIRST_NAME,
                closest: None
            })
        );
        // A misspelt column is named with the missing one.
        let misspelt = HEADER.replace("ReceiverPinfl", "Receiver Pinfel");
        assert_eq!(
            read(&format!("{misspelt}\n")),
            Err(ImportError::MissingColumn {
                column: field::PINFL,
                closest: Some("Receiver Pinfel".into())
            })
        );
        assert_eq!(read(""), Err(ImportError::Empty));
        // Semicolons, as a spreadsheet set to a comma decimal writes them.
        let semi = HEADER.replace(',', ";");
        assert!(read(&format!("{semi}\n")).expect("read").is_empty());
    }
}
