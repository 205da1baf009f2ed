//! Everything the service records of an order (the legacy detail), under the order detail's
//! facts: both parties with their regions, cities, offices and delivery modes, the parcel, the
//! days, the customer and the signatures. Read when the detail opens and after each refresh.

use crate::ui::widgets::errors::told;
use crate::ui::widgets::words::Words;
use api::ApiError;
use api::codes::Delivery;
use api::legacy::{OrderDetail, PlaceRef};
use desk::Desk;
use desk::reference::directories::Directories;
use desk::task::{Task, take};
use egui::RichText;
use rust_i18n::t;
use std::borrow::Cow;

#[derive(Default)]
pub struct RecordView {
    record: Option<OrderDetail>,
    loading: Option<Task<Result<OrderDetail, ApiError>>>,
    failed: Option<Words>,
}

fn mode(d: Delivery) -> Cow<'static, str> {
    match d {
        Delivery::Office => t!("order.mode_office"),
        Delivery::Courier => t!("order.mode_courier"),
        Delivery::RemoteCourier => t!("order.mode_remote"),
    }
}

/// Where one party is: city, region (named in the clerk's language where the directories know
/// them), how the parcel is handed over (`handing` names the way) and the office.
fn whereabouts(
    (city, region): (&PlaceRef, &PlaceRef),
    (handing, d): (&str, Delivery),
    office: Option<&PlaceRef>,
    dirs: Option<&Directories>,
) -> [(String, Option<String>); 4] {
    let city_name = city.id.and_then(|id| dirs?.city_name(id));
    let region_name = region.id.and_then(|id| dirs?.region_name(id));
    let named =
        |name: Option<&str>, p: &PlaceRef| name.map_or_else(|| place(Some(p)), str::to_string);
    [
        (t!("order.city").to_string(), Some(named(city_name, city))),
        (
            t!("detail.region").to_string(),
            Some(named(region_name, region)),
        ),
        (t!(handing).to_string(), Some(mode(d).to_string())),
        (t!("detail.office").to_string(), Some(place(office))),
    ]
}

fn place(p: Option<&PlaceRef>) -> String {
    p.and_then(|p| p.name.clone())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "—".into())
}

fn yes_no(v: bool) -> String {
    if v { t!("detail.yes") } else { t!("detail.no") }.to_string()
}

impl RecordView {
    /// The view of one order, its record asked for at once.
    pub fn open(desk: &Desk, order_id: i64) -> RecordView {
        let mut view = RecordView::default();
        view.read(desk, order_id);
        view
    }

    /// Asks the service for the record (again).
    pub fn read(&mut self, desk: &Desk, order_id: i64) {
        self.loading = Some(desk.order_detail(order_id));
    }

    pub fn is_busy(&self) -> bool {
        self.loading.is_some()
    }

    pub fn poll(&mut self) {
        match take(&mut self.loading) {
            Some(Ok(Ok(r))) => {
                self.record = Some(r);
                self.failed = None;
            }
            Some(Ok(Err(e))) => self.failed = Some(told(&e)),
            Some(Err(_)) => self.failed = Some(crate::words!("error.lost")),
            None => {}
        }
    }

    /// The rows: (label, value); a section title has no value.
    fn rows(r: &OrderDetail, dirs: Option<&Directories>) -> Vec<(String, Option<String>)> {
        let c = &r.core;
        let row = |k: &str, v: String| (t!(k).to_string(), Some(v));
        let mut rows = vec![
            (t!("order.sender").to_string(), None),
            row("order.sender_name", c.sender_real.clone()),
            row("order.sender_phone", c.sender_phone.clone()),
            row("order.sender_address", c.sender_address.clone()),
        ];
        let pickup = ("order.pickup", c.sender_delivery);
        rows.extend(whereabouts(
            (&c.sender_city, &c.sender_region),
            pickup,
            c.sender_branch.as_ref(),
            dirs,
        ));
        rows.extend([
            (t!("order.receiver").to_string(), None),
            row("order.receiver_name", c.receiver.clone()),
            row("order.receiver_phone", c.receiver_phone.clone()),
            row(
                "order.receiver_phone1",
                c.receiver_phone1.clone().unwrap_or_else(|| "—".into()),
            ),
            row("order.receiver_address", c.receiver_address.clone()),
        ]);
        let (city, region) = (&c.receiver_city, &c.receiver_region);
        let dropoff = ("order.dropoff", c.receiver_delivery);
        rows.extend(whereabouts(
            (city, region),
            dropoff,
            c.receiver_branch.as_ref(),
            dirs,
        ));
        rows.extend([
            (t!("order.parcel").to_string(), None),
            row(
                "order.weight",
                crate::ui::widgets::numbers::kg_number(c.weight.grams()),
            ),
            row("order.pieces", c.piece.to_string()),
            row(
                "detail.volume",
                r.volume.map_or_else(
                    || "—".into(),
                    |v| crate::ui::widgets::numbers::whole(v.round() as i64),
                ),
            ),
            row("order.package", c.package.name.clone()),
            row("order.post_type", c.post_type.name.clone()),
            row("order.take_photo", yes_no(c.take_photo)),
            row("detail.urgent", yes_no(r.urgent.unwrap_or(0) > 0)),
            row("detail.price", format!("{} {}", c.cost, t!("order.sum"))),
            row(
                "order.sender_date",
                c.sender_date.format("%d.%m.%Y").to_string(),
            ),
            row(
                "order.receiver_date",
                c.receiver_date.format("%d.%m.%Y").to_string(),
            ),
            row("detail.customer", c.customer.name.clone()),
            row("detail.status_text", c.status.info.clone()),
            row(
                "order.client_ref",
                c.client_id.clone().unwrap_or_else(|| "—".into()),
            ),
        ]);
        for (key, sign) in [
            ("detail.sender_sign", &r.sender_sign),
            ("detail.receiver_sign", &r.receiver_sign),
        ] {
            if let Some(s) = sign.as_ref().filter(|s| !s.trim().is_empty()) {
                rows.push(row(key, s.clone()));
            }
        }
        rows
    }

    pub fn show(&self, ui: &mut egui::Ui, dirs: Option<&Directories>) {
        egui::CollapsingHeader::new(t!("detail.all_fields"))
            .id_salt("all-fields")
            .show(ui, |ui| {
                if let Some(e) = &self.failed {
                    ui.colored_label(ui.visuals().warn_fg_color, t!("detail.record_unreadable"));
                    ui.weak(e);
                }
                let Some(r) = &self.record else {
                    if self.loading.is_some() {
                        ui.spinner();
                    }
                    return;
                };
                egui::Grid::new("record-grid")
                    .num_columns(2)
                    .spacing([16.0, 2.0])
                    .show(ui, |ui| {
                        for (k, v) in Self::rows(r, dirs) {
                            match v {
                                None => {
                                    ui.strong(k);
                                    ui.end_row();
                                }
                                Some(v) => {
                                    ui.label(RichText::new(k).weak());
                                    // Wrapped within the pane: a long name or address is read
                                    // whole, never cut at the pane's edge.
                                    ui.add(egui::Label::new(v).wrap());
                                    ui.end_row();
                                }
                            }
                        }
                    });
            });
    }
}

/// Its work under way counts with the screen's own (see [`desk::task::any_running`]).
impl desk::task::Slot for RecordView {
    fn running(&self) -> bool {
        self.is_busy()
    }
}
