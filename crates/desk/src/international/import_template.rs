//! The parcels file a clerk starts from: every column the import reads, in its order, with one
//! example row that imports as it is; as CSV, or as a workbook whose second sheet says of each
//! column whether it is required, what it holds and which values it takes, in the clerk's
//! language. The import reads the template back exactly (tested with 200 rows).

use api::international::{line_field as product_field, parcel_field as field};
use rust_i18n::t;

/// One column: its header, whether the file must have it, an example value, and the catalog
/// key of what it holds.
struct Column {
    name: &'static str,
    required: bool,
    example: &'static str,
    says: &'static str,
}

const COLUMNS: &[Column] = &[
    Column {
        name: field::NUMBER,
        required: true,
        example: "CN000000101UZ",
        says: "import.col_number",
    },
    Column {
        name: field::SURNAME,
        required: true,
        example: "Karimov",
        says: "import.col_surname",
    },
    Column {
        name: field::FIRST_NAME,
        required: true,
        example: "Aziz",
        says: "import.col_first_name",
    },
    Column {
        name: field::PATRONYMIC,
        required: false,
        example: "Anvarovich",
        says: "import.col_patronymic",
    },
    Column {
        name: field::PHONE,
        required: true,
        example: "+998 90 1234567",
        says: "import.col_phone",
    },
    Column {
        name: field::PASSPORT_SERIAL,
        required: true,
        example: "AA",
        says: "import.col_passport_serial",
    },
    Column {
        name: field::PASSPORT_NUMBER,
        required: true,
        example: "1234567",
        says: "import.col_passport_number",
    },
    Column {
        name: field::PINFL,
        required: true,
        example: "31234567890123",
        says: "import.col_pinfl",
    },
    Column {
        name: field::ADDRESS,
        required: false,
        example: "Samarqand, Registon 2",
        says: "import.col_address",
    },
    Column {
        name: field::WEIGHT,
        required: true,
        example: "1.5",
        says: "import.col_weight",
    },
    Column {
        name: field::VALUE,
        required: false,
        example: "80",
        says: "import.col_value",
    },
    Column {
        name: field::CURRENCY,
        required: false,
        example: "USD",
        says: "import.col_currency",
    },
    Column {
        name: field::CITY,
        required: true,
        example: "101",
        says: "import.col_city",
    },
    Column {
        name: field::DELIVERY,
        required: false,
        example: "1",
        says: "import.col_delivery",
    },
    Column {
        name: field::BRANCH,
        required: false,
        example: "",
        says: "import.col_branch",
    },
    Column {
        name: product_field::DESCRIPTION,
        required: true,
        example: "Sneakers",
        says: "import.col_description",
    },
    Column {
        name: product_field::DESCRIPTION_RU,
        required: true,
        example: "Кроссовки",
        says: "import.col_description_ru",
    },
    Column {
        name: product_field::QUANTITY,
        required: true,
        example: "1",
        says: "import.col_quantity",
    },
    Column {
        name: product_field::WEIGHT,
        required: true,
        example: "1.2",
        says: "import.col_net_weight",
    },
    Column {
        name: product_field::VALUE,
        required: true,
        example: "50",
        says: "import.col_unit_value",
    },
    Column {
        name: product_field::URL,
        required: true,
        example: "https://shop.example/p/1",
        says: "import.col_url",
    },
    Column {
        name: "ProductUnit",
        required: false,
        example: "pcs",
        says: "import.col_unit",
    },
    Column {
        name: product_field::HS_CODE,
        required: true,
        example: "640411",
        says: "import.col_hs_code",
    },
    Column {
        name: crate::international::parcel_import::ORIGIN,
        required: false,
        example: "CN",
        says: "import.col_origin",
    },
    Column {
        name: crate::international::parcel_import::ABROAD_COUNTRY,
        required: false,
        example: "",
        says: "import.col_abroad_country",
    },
    Column {
        name: crate::international::parcel_import::ABROAD_CITY,
        required: false,
        example: "",
        says: "import.col_abroad_city",
    },
];

/// The header line's names, in order.
pub fn headers() -> Vec<&'static str> {
    COLUMNS.iter().map(|c| c.name).collect()
}

/// The example row's values, in the headers' order.
pub fn example() -> Vec<&'static str> {
    COLUMNS.iter().map(|c| c.example).collect()
}

/// The template as CSV for spreadsheets in `lang`'s locale (`crate::sheets`): the header line
/// and the example row, every value as text (a passport number or a barcode keeps its zeros; the
/// import reads the file back as it was written, or as the spreadsheet saved it).
pub fn template_csv(lang: api::codes::Language) -> Result<Vec<u8>, String> {
    let sheet = crate::sheets::Sheet {
        name: String::new(),
        heads: headers().iter().map(|h| h.to_string()).collect(),
        rows: vec![
            example()
                .iter()
                .map(|v| crate::sheets::Cell::Text(v.to_string()))
                .collect(),
        ],
    };
    sheet.csv(lang)
}

/// The template as a workbook: the columns with the example row on the first sheet, and on the
/// second what each column holds, in `lang`.
pub fn template_xlsx(lang: &str) -> Result<Vec<u8>, String> {
    let e = |e: rust_xlsxwriter::XlsxError| e.to_string();
    let mut book = rust_xlsxwriter::Workbook::new();
    let bold = rust_xlsxwriter::Format::new().set_bold();
    let parcels = book.add_worksheet();
    parcels
        .set_name(t!("import.sheet_parcels", locale = lang).as_ref())
        .map_err(e)?;
    for (col, c) in (0u16..).zip(COLUMNS) {
        parcels
            .write_string_with_format(0, col, c.name, &bold)
            .map_err(e)?;
        // Every cell text: a passport number or a barcode keeps its zeros.
        parcels.write_string(1, col, c.example).map_err(e)?;
    }
    parcels.set_freeze_panes(1, 0).map_err(e)?;
    let about = book.add_worksheet();
    about
        .set_name(t!("import.sheet_columns", locale = lang).as_ref())
        .map_err(e)?;
    let heads = [
        t!("import.col_head_name", locale = lang),
        t!("import.col_head_required", locale = lang),
        t!("import.col_head_what", locale = lang),
        t!("import.col_head_example", locale = lang),
    ];
    for (col, h) in (0u16..).zip(heads.iter()) {
        about
            .write_string_with_format(0, col, h.as_ref(), &bold)
            .map_err(e)?;
    }
    for (row, c) in (1u32..).zip(COLUMNS) {
        let required = match c.required {
            true => t!("import.required_yes", locale = lang),
            false => t!("import.required_no", locale = lang),
        };
        about.write_string(row, 0, c.name).map_err(e)?;
        about.write_string(row, 1, required.as_ref()).map_err(e)?;
        about
            .write_string(row, 2, t!(c.says, locale = lang).as_ref())
            .map_err(e)?;
        about.write_string(row, 3, c.example).map_err(e)?;
    }
    about.set_column_width(2, 80).map_err(e)?;
    book.save_to_buffer().map_err(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::parcel_import::{read, read_workbook};
    use api::codes::Language;

    /// A CSV line of plain cells, quoted where needed (a file as a supplier's program writes it).
    fn csv_line(cells: &[&str]) -> String {
        let quoted: Vec<String> = cells
            .iter()
            .map(|c| match c.contains([',', '"', '\n']) {
                true => format!("\"{}\"", c.replace('"', "\"\"")),
                false => c.to_string(),
            })
            .collect();
        quoted.join(",")
    }

    /// The template's header with `n` parcels of two lines each, made from the example row.
    fn filled(n: usize) -> String {
        let mut text = csv_line(&headers());
        text.push_str("\r\n");
        for i in 0..n {
            for line in 0..2 {
                let mut row: Vec<String> = example().iter().map(|s| s.to_string()).collect();
                row[0] = format!("CN{:09}UZ", 100_000 + i);
                row[15] = format!("Item {i}-{line}");
                text.push_str(&csv_line(
                    &row.iter().map(String::as_str).collect::<Vec<_>>(),
                ));
                text.push_str("\r\n");
            }
        }
        text
    }

    #[test]
    fn the_template_as_downloaded_and_filled_with_200_parcels_imports_with_no_error() {
        for lang in [Language::Uz, Language::Ru, Language::En] {
            let csv = template_csv(lang).expect("a template");
            let one = read(&String::from_utf8(csv).expect("UTF-8")).expect("the template reads");
            assert_eq!(one.len(), 1, "{lang:?}");
            assert!(
                one[0].problems.is_empty(),
                "{lang:?}: {:?}",
                one[0].problems
            );
        }
        let csv = template_csv(Language::En).expect("a template");
        let one = read(&String::from_utf8(csv).expect("UTF-8")).expect("the template reads");
        assert_eq!(one.len(), 1);
        assert!(one[0].problems.is_empty(), "{:?}", one[0].problems);
        let all = read(&filled(200)).expect("read");
        assert_eq!(all.len(), 200);
        assert!(
            all.iter()
                .all(|p| p.problems.is_empty() && p.draft.products.len() == 2)
        );
        assert!(all.iter().all(|p| p.draft.to_input().is_ok()));
    }

    #[test]
    fn the_workbook_template_reads_back_and_explains_every_column() {
        use calamine::Reader;
        for lang in ["uz", "ru", "en"] {
            let bytes = template_xlsx(lang).expect("a workbook");
            let parcels = read_workbook(bytes.clone()).expect("it reads");
            assert_eq!(parcels.len(), 1, "{lang}");
            assert!(
                parcels[0].problems.is_empty(),
                "{lang}: {:?}",
                parcels[0].problems
            );
            let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
                .expect("readable");
            let about = book
                .worksheet_range_at(1)
                .expect("a second sheet")
                .expect("cells");
            assert_eq!(about.height(), COLUMNS.len() + 1, "{lang}");
            for row in about.rows().skip(1) {
                let what = row.get(2).map(|c| c.to_string()).unwrap_or_default();
                assert!(
                    !what.trim().is_empty() && !what.starts_with("import."),
                    "{lang}: {row:?}"
                );
            }
        }
    }
}
