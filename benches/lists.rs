//! How the other long lists scale: the international parcels, the manifest's parcel picker, the
//! service's international orders and the warehouse's suppliers and products, each at 10,000
//! rows, headless (egui without a window): a frame, and a frame after a filter keystroke.
//! Run: `cargo bench --bench lists`.

use parcel_desk::api::international::{IntlOrder, ParcelInput};
use parcel_desk::api::warehouse::{Product, Purveyor};
use parcel_desk::store::{ParcelRow, ParcelState};
use parcel_desk::ui::fonts;
use parcel_desk::ui::screens::intl_orders::IntlOrdersScreen;
use parcel_desk::ui::screens::manifest::ManifestScreen;
use parcel_desk::ui::screens::parcels::ParcelsScreen;
use parcel_desk::ui::screens::warehouse::{ProductsScreen, SuppliersScreen};
use std::time::{Duration, Instant};

const ROWS: usize = 10_000;
const NAMES: [(&str, &str); 4] = [
    ("Karimova", "Dilnoza"),
    ("Aliyev", "Ali"),
    ("Турсунов", "Сардор"),
    ("Yusupova", "Madina"),
];

fn json<T: serde::de::DeserializeOwned>(v: serde_json::Value) -> T {
    serde_json::from_value(v).unwrap_or_else(|e| panic!("bench rows: {e}"))
}

fn parcels() -> Vec<ParcelRow> {
    (0..ROWS)
        .map(|i| {
            let (surname, first) = NAMES[i % NAMES.len()];
            let number = format!("CN{:09}UZ", 100_000 + i);
            let input: ParcelInput = json(serde_json::json!({
                "ParcelNumber": number, "ReceiverPhone": "+998 90 1234567",
                "ReceiverSurname": surname, "ReceiverFirstName": first,
                "ReceiverPassposrtSerial": "AA", "ReceiverPassposrtNumber": "1234567",
                "ReceiverPinfl": "31234567890123", "ParcelWeight": "1.5", "ParcelValue": "80",
                "ParcelDeclareCurrency": "USD", "ReceiverCityId": 101, "ReceiverDelivery": "1",
                "products": []
            }));
            ParcelRow {
                number,
                state: ParcelState::Saved,
                input,
                // Each named by its numbers: no directories in the bench.
                extras: parcel_desk::store::ParcelExtras {
                    origins: Vec::new(),
                    abroad: Some(parcel_desk::store::PlaceAbroad {
                        country: 1,
                        city: 10_101,
                    }),
                },
                status: Some((110, "At customs".into())),
                created_at: 1_795_000_000 + i as i64,
                updated_at: 1_795_000_000 + i as i64,
                manifest: (i % 5 == 0).then(|| format!("M-{}", i / 100)),
            }
        })
        .collect()
}

fn intl_orders() -> Vec<IntlOrder> {
    (0..ROWS)
        .map(|i| {
            let (surname, first) = NAMES[i % NAMES.len()];
            json(serde_json::json!({
                "orderId": 900_000 + i, "barcode": format!("01992{:07}", i),
                "clientId": format!("C-{i}"), "customer": {"id": 1, "name": "Shop"},
                "status": {"id": 1, "info": "Accepted"}, "cost": "135000.00",
                "pickupType": "self",
                "sender": {"senderReal": "Aliyev Ali", "senderDate": "2026-11-20",
                    "region": {"id": 2, "name": "Toshkent"},
                    "city": {"id": 197, "name": "Chilonzor", "regionId": 2},
                    "branch": {"id": 1, "name": "Chilonzor"}, "address": "Chilonzor 9",
                    "phone": "+998 90 1234567"},
                "receiver": {"name": format!("{surname} {first}"), "receiverPhone": "+7 701 1234567",
                    "receiverPhone1": null, "receiverDelivery": 1, "receiverDate": "2026-11-25",
                    "country": {"id": 2, "name": "Kazakhstan"}, "city": {"id": 9001, "name": "Almaty"},
                    "address": "Abay 1", "province": "Almaty", "postal_code": "050000"},
                "mail": {"weight": "1.500", "piece": 1, "volume": "0", "package": {"id": 7, "name": "Box"},
                    "postType": {"id": 11, "name": "Clothing"}, "postTypeOther": null}
            }))
        })
        .collect()
}

fn suppliers() -> Vec<Purveyor> {
    (0..ROWS)
        .map(|i| {
            let (surname, _) = NAMES[i % NAMES.len()];
            json(serde_json::json!({
                "id": i + 1, "group": "Suppliers", "code": format!("S-{i}"),
                "name": format!("{surname} LLC {i}"), "full_name": format!("{surname} trading LLC {i}"),
                "status": i % 2
            }))
        })
        .collect()
}

fn products() -> Vec<Product> {
    (0..ROWS)
        .map(|i| {
            json(serde_json::json!({
                "id": i + 1, "group": "Goods", "code": format!("P-{i}"),
                "name": format!("Sneakers {i}"), "full_name": format!("Running sneakers, size {}", 36 + i % 10),
                "gtin": format!("0478{:09}", i), "article": format!("A{i}"),
                "nomenclature_type": "goods", "kis_code": "", "is_set": false, "status": 0
            }))
        })
        .collect()
}

fn frame(ctx: &egui::Context, draw: &mut dyn FnMut(&mut egui::Ui)) -> Duration {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..egui::RawInput::default()
    };
    let start = Instant::now();
    let _ = ctx.run_ui(input, |ui| {
        egui::CentralPanel::default().show(ui, |ui| draw(ui));
    });
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

/// The frame's median, and (for a list with a filter) the median of a frame after each
/// keystroke of a name typed letter by letter.
fn measure(
    what: &str,
    draw: &mut dyn FnMut(&mut egui::Ui),
    mut typed: Option<&mut dyn FnMut(&str)>,
) {
    let ctx = egui::Context::default();
    fonts::install(&ctx);
    for _ in 0..5 {
        frame(&ctx, draw);
    }
    let frames: Vec<Duration> = (0..60).map(|_| frame(&ctx, draw)).collect();
    let typing = typed.as_mut().map(|set| {
        let mut t = Vec::new();
        for word in ["Karimova", "0000"] {
            for end in 1..=word.len() {
                set(&word[..end]);
                t.push(frame(&ctx, draw));
            }
            set("");
            frame(&ctx, draw);
        }
        median(t)
    });
    match typing {
        Some(t) => println!("{what:<34} {:>8.2} ms {:>13.2} ms", median(frames), t),
        None => println!("{what:<34} {:>8.2} ms {:>16}", median(frames), "—"),
    }
}

/// A list with a filter, as the bench drives it.
trait Filterable {
    fn draw(&mut self, ui: &mut egui::Ui);
    fn set_filter(&mut self, filter: &str);
}

impl Filterable for ManifestScreen {
    fn draw(&mut self, ui: &mut egui::Ui) {
        self.parcels_table(ui, None);
    }
    fn set_filter(&mut self, filter: &str) {
        self.filter = filter.to_string();
    }
}

impl Filterable for IntlOrdersScreen {
    fn draw(&mut self, ui: &mut egui::Ui) {
        self.table(ui);
    }
    fn set_filter(&mut self, filter: &str) {
        self.filter = filter.to_string();
    }
}

impl<R: parcel_desk::ui::screens::warehouse::rows::Row> Filterable
    for parcel_desk::ui::screens::warehouse::list::WarehouseList<R>
{
    fn draw(&mut self, ui: &mut egui::Ui) {
        self.table(ui, 700.0);
    }
    fn set_filter(&mut self, filter: &str) {
        self.filter = filter.to_string();
    }
}

/// Measures a list with a filter: its frame, and its frame after each keystroke.
fn filtered(what: &str, list: impl Filterable) {
    let list = std::cell::RefCell::new(list);
    measure(
        what,
        &mut |ui| list.borrow_mut().draw(ui),
        Some(&mut |f| list.borrow_mut().set_filter(f)),
    );
}

fn main() {
    println!(
        "{:<34} {:>11} {:>16}",
        "10000 rows", "frame", "filter + frame"
    );
    let mut list = ParcelsScreen::default();
    list.rows = parcels();
    measure(
        "international parcels",
        &mut |ui| {
            let _ = list.table(ui, false, None);
        },
        None,
    );

    let mut picker = ManifestScreen::default();
    picker.set_parcels(parcels());
    filtered("manifest: parcels to pick", picker);
    let mut orders = IntlOrdersScreen::default();
    orders.set_rows(intl_orders());
    filtered("international orders", orders);
    let mut suppliers_list = SuppliersScreen::default();
    suppliers_list.set_rows(suppliers());
    filtered("warehouse: suppliers and buyers", suppliers_list);
    let mut products_list = ProductsScreen::default();
    products_list.set_rows(products());
    filtered("warehouse: products", products_list);
}
