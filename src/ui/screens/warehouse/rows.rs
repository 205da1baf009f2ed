//! What the warehouse list shows of each kind of record: its columns, the words a filter finds it
//! by, its detail (every field the service sent, nested records included), and the form that
//! edits it. One list screen serves both kinds through this trait.

use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen_id::ScreenId;
use api::warehouse::{Product, Purveyor, PurveyorState};
use api::warehouse_client::Record;
use egui::RichText;
use rust_i18n::t;
use std::borrow::Cow;

/// A record of the warehouse (its kind and id are the service's, [`Record`]) as the list shows it.
pub trait Row: Record + Clone {
    /// Tells the two lists' widgets apart.
    const SALT: &'static str;
    /// How the clerk knows it: its code and name.
    fn title(&self) -> String;
    fn state(&self) -> Option<PurveyorState>;
    /// The list's screen (its heading is the rail's name for it).
    const SCREEN: ScreenId;
    /// The catalog keys of the column titles after the selection box, the id and the state.
    const COLUMNS: &'static [&'static str];
    fn cells(&self) -> Vec<String>;
    /// The text a filter looks in.
    fn haystack(&self) -> String;
    /// Every field as the service sent it, labelled, for the detail pane.
    fn detail(&self) -> Vec<(Cow<'static, str>, String)>;
    /// Opens the form: for this record, or empty for a new one.
    fn edit(record: Option<&Self>) -> AppEvent;
}

/// A record's state in the clerk's words.
pub fn state_text(state: Option<PurveyorState>) -> Cow<'static, str> {
    match state {
        Some(PurveyorState::New) => t!("wms.state_new"),
        Some(PurveyorState::Confirmed) => t!("wms.state_confirmed"),
        None => t!("wms.state_unknown"),
    }
}

/// A value as text: strings as they are, nothing for null, the rest as JSON.
fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn yes_no(v: &bool) -> String {
    if *v { t!("wms.yes") } else { t!("wms.no") }.to_string()
}

fn opt(v: &Option<String>) -> String {
    v.clone().unwrap_or_default()
}

impl Row for Purveyor {
    const SALT: &'static str = "suppliers";
    const SCREEN: ScreenId = ScreenId::Suppliers;
    const COLUMNS: &'static [&'static str] = &["wms.code", "wms.name", "wms.group", "wms.roles"];

    fn title(&self) -> String {
        format!("{} · {}", self.code, self.name)
    }

    fn state(&self) -> Option<PurveyorState> {
        Purveyor::state(self)
    }

    fn cells(&self) -> Vec<String> {
        let flags = self.supplier_buyer_status.clone();
        let mut roles = Vec::new();
        for (on, word) in [
            (
                flags.as_ref().is_some_and(|f| f.is_supplier),
                t!("wms.supplier"),
            ),
            (flags.as_ref().is_some_and(|f| f.is_buyer), t!("wms.buyer")),
            (
                flags.as_ref().is_some_and(|f| f.depositor),
                t!("wms.depositor"),
            ),
        ] {
            if on {
                roles.push(word.to_string());
            }
        }
        vec![
            self.code.clone(),
            self.name.clone(),
            self.group.clone(),
            roles.join(", "),
        ]
    }

    fn haystack(&self) -> String {
        format!(
            "{} {} {} {}",
            self.code, self.name, self.full_name, self.group
        )
    }

    fn detail(&self) -> Vec<(Cow<'static, str>, String)> {
        let i = self.input();
        let contract_date = i
            .contract_date
            .as_deref()
            .and_then(|d| chrono::NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok())
            .map(|d| d.format("%d.%m.%Y").to_string())
            .or(i.contract_date.clone())
            .unwrap_or_default();
        vec![
            detail!(i.code, String::clone),
            detail!(i.name, String::clone),
            detail!(i.group, String::clone),
            detail!(i.full_name, String::clone),
            detail!(i.name_eng, opt),
            detail!(i.legal_entity, yes_no),
            detail!(i.stock_percentage, opt),
            detail!(i.stock_expiry, opt),
            (t!("wms.supplier"), yes_no(&i.is_supplier)),
            (t!("wms.buyer"), yes_no(&i.is_buyer)),
            detail!(i.depositor, yes_no),
            detail!(i.inn, opt),
            detail!(i.kpp, opt),
            detail!(i.okpo, opt),
            detail!(i.contract_number, opt),
            (t!("wms.contract_date"), contract_date),
            detail!(i.main_delivery_address, opt),
            detail!(i.bank_details, opt),
            detail!(i.contact_info, opt),
            detail!(i.additional_details, opt),
        ]
    }

    fn edit(record: Option<&Self>) -> AppEvent {
        AppEvent::EditSupplier(record.map(|r| Box::new(r.clone())))
    }
}

impl Row for Product {
    const SALT: &'static str = "products";
    const SCREEN: ScreenId = ScreenId::Products;
    const COLUMNS: &'static [&'static str] =
        &["wms.code", "wms.name", "wms.gtin", "wms.supplier_id"];

    fn title(&self) -> String {
        format!("{} · {}", self.fields.code, self.fields.name)
    }

    fn state(&self) -> Option<PurveyorState> {
        Product::state(self)
    }

    fn cells(&self) -> Vec<String> {
        let f = &self.fields;
        vec![
            f.code.clone(),
            f.name.clone(),
            f.gtin.clone(),
            f.supplier_buyer_id
                .map(|id| id.to_string())
                .unwrap_or_default(),
        ]
    }

    fn haystack(&self) -> String {
        let f = &self.fields;
        format!(
            "{} {} {} {} {}",
            f.code, f.name, f.full_name, f.gtin, f.article
        )
    }

    fn detail(&self) -> Vec<(Cow<'static, str>, String)> {
        let f = &self.fields;
        let supplier = f.supplier_buyer_id.map(|id| id.to_string());
        let mut out = vec![
            detail!(f.code, String::clone),
            detail!(f.name, String::clone),
            detail!(f.gtin, String::clone),
            (t!("wms.supplier_id"), opt(&supplier)),
            detail!(f.full_name, String::clone),
            detail!(f.group, String::clone),
            detail!(f.article, String::clone),
            detail!(f.nomenclature_type, String::clone),
            detail!(f.unit, opt),
            detail!(f.kis_code, String::clone),
            detail!(f.is_set, yes_no),
            detail!(f.weight, opt),
            detail!(f.net_weight, opt),
            detail!(f.volume, opt),
            detail!(f.net_volume, opt),
            detail!(f.shelf_life_stock, opt),
            detail!(f.min_shelf_life_stock, opt),
            detail!(f.shelf_life_deviation_days, opt),
            detail!(f.min_shelf_life_period, opt),
            detail!(f.abc_class, opt),
            detail!(f.name_eng, opt),
            detail!(f.tsd_name, opt),
            detail!(f.specification, opt),
            detail!(f.temperature_mode, opt),
            detail!(f.base_packaging, opt),
            detail!(f.comment, opt),
        ];
        // What the service adds beyond the contract (nested parts, spelled as it spells them),
        // one field a row; what repeats a field shown above (or the product's own id) is left out.
        let own = serde_json::to_value(&self.fields).unwrap_or_default();
        let repeats = |name: &str, value: &serde_json::Value| {
            name == "product_id" || own.get(name).is_some_and(|o| o == value)
        };
        for (k, v) in &self.more {
            match v {
                serde_json::Value::Object(fields) => {
                    for (name, value) in fields.iter().filter(|(n, v)| !repeats(n, v)) {
                        out.push((Cow::Owned(format!("{k} › {name}")), plain(value)));
                    }
                }
                other => out.push((Cow::Owned(k.clone()), plain(other))),
            }
        }
        out
    }

    fn edit(record: Option<&Self>) -> AppEvent {
        AppEvent::EditProduct(record.map(|r| Box::new(r.clone())))
    }
}

/// The detail pane: each field under its name, long values wrapped.
pub fn detail_ui<R: Row>(ui: &mut egui::Ui, r: &R) {
    egui::Grid::new((R::SALT, "detail"))
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (name, value) in r.detail() {
                ui.label(RichText::new(name).weak());
                ui.add(egui::Label::new(value).wrap());
                ui.end_row();
            }
        });
}
