//! The product form's fields: the supplier/buyer it belongs to (picked from the warehouse's
//! list, read when the form opens), what it is and how it is coded (GTIN with its check digit),
//! its measures, shelf life and storage.

use super::form::Fields;
use super::supplier_fields::flag;
use crate::api::envelope::LoadProgress;
use crate::api::warehouse::Purveyor;
use crate::api::warehouse_client::Kind;
use crate::desk::DeskError;
use crate::desk::product_draft::ProductDraft;
use crate::desk::task::{Task, ready};
use crate::ui::app::cx::Cx;
use crate::ui::app::event::AppEvent;
use crate::ui::widgets::{ERROR_COLOR, Form};
use egui::RichText;
use rust_i18n::t;
use std::sync::Arc;

/// The suppliers/buyers a product can belong to.
#[derive(Default)]
pub struct Suppliers {
    list: Vec<Purveyor>,
    reading: Option<Task<Result<Vec<Purveyor>, DeskError>>>,
    error: Option<String>,
}

impl Fields for ProductDraft {
    type Aid = Suppliers;

    fn prepare(aid: &mut Suppliers, cx: &mut Cx) {
        // Read once and kept (each read counts against the warehouse's limit), again only when
        // the suppliers changed.
        if aid.reading.is_none() && aid.list.is_empty() && cx.desk.warehouse_logged_in() {
            let progress = Arc::new(LoadProgress::default());
            aid.reading = Some(cx.desk.warehouse_all(Kind::Purveyor, progress));
        }
    }

    fn aid_busy(aid: &Suppliers) -> bool {
        aid.reading.is_some()
    }

    fn aid_event(aid: &mut Suppliers, event: &AppEvent) {
        match event {
            AppEvent::WarehouseChanged(Kind::Purveyor) | AppEvent::SessionEnded => {
                aid.list.clear();
            }
            _ => {}
        }
    }

    fn forget_references(&mut self) {
        self.0.supplier_buyer_id = None;
    }

    fn poll_aid(aid: &mut Suppliers, _cx: &mut Cx) {
        match ready(&mut aid.reading) {
            Some(Ok(list)) => {
                aid.list = list;
                aid.error = None;
            }
            Some(Err(e)) => aid.error = Some(crate::ui::widgets::errors::tell_desk(&e).message),
            None => {}
        }
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, form: &Form<'_>, aid: &mut Suppliers) {
        // Said before the clerk starts, not found out field by field after pressing Create.
        ui.label(RichText::new(t!("wms.product_required")).weak());
        // The id first, so two records of the same code and name still differ; long names cut.
        let entry = |p: &Purveyor| {
            let text = format!("#{} · {} · {}", p.id, p.code, p.name);
            match text.char_indices().nth(70) {
                Some((at, _)) => format!("{}…", &text[..at]),
                None => text,
            }
        };
        let named = |id: i64| {
            aid.list
                .iter()
                .find(|p| p.id == id)
                .map(entry)
                .unwrap_or_else(|| format!("#{id}"))
        };
        let l = ui.label(t!("wms.supplier_id"));
        let d = &mut self.0;
        let shown = d
            .supplier_buyer_id
            .map(named)
            .unwrap_or_else(|| t!("wms.pick_supplier").to_string());
        egui::ComboBox::from_id_salt("product-supplier")
            .selected_text(shown)
            .width(360.0)
            .show_ui(ui, |ui| {
                for p in &aid.list {
                    ui.selectable_value(&mut d.supplier_buyer_id, Some(p.id), entry(p));
                }
            })
            .response
            .labelled_by(l.id);
        if aid.reading.is_some() {
            ui.spinner();
        }
        for e in [aid.error.as_deref(), form.error("supplier_buyer_id")]
            .into_iter()
            .flatten()
        {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        ui.add_space(4.0);
        form.texts(
            ui,
            [
                (t!("wms.group"), &mut d.group, "group"),
                (t!("wms.code"), &mut d.code, "code"),
                (t!("wms.name"), &mut d.name, "name"),
                (t!("wms.full_name"), &mut d.full_name, "full_name"),
            ],
        );
        form.optional_texts(
            ui,
            [
                (t!("wms.name_eng"), &mut d.name_eng, "name_eng"),
                (t!("wms.tsd_name"), &mut d.tsd_name, "tsd_name"),
            ],
        );
        form.texts(
            ui,
            [
                (t!("wms.gtin"), &mut d.gtin, "gtin"),
                (t!("wms.article"), &mut d.article, "article"),
                (
                    t!("wms.nomenclature_type"),
                    &mut d.nomenclature_type,
                    "nomenclature_type",
                ),
                (t!("wms.kis_code"), &mut d.kis_code, "kis_code"),
            ],
        );
        form.optional_texts(
            ui,
            [
                (t!("wms.unit"), &mut d.unit, "unit"),
                (t!("wms.abc_class"), &mut d.abc_class, "abc_class"),
            ],
        );
        flag(ui, &mut d.is_set, &t!("wms.is_set"));
        ui.add_space(4.0);
        let days = "shelf_life_deviation_days";
        form.optional_texts(
            ui,
            [
                (t!("wms.weight"), &mut d.weight, "weight"),
                (t!("wms.net_weight"), &mut d.net_weight, "net_weight"),
                (t!("wms.volume"), &mut d.volume, "volume"),
                (t!("wms.net_volume"), &mut d.net_volume, "net_volume"),
                (
                    t!("wms.shelf_life_stock"),
                    &mut d.shelf_life_stock,
                    "shelf_life_stock",
                ),
                (
                    t!("wms.min_shelf_life_stock"),
                    &mut d.min_shelf_life_stock,
                    "min_shelf_life_stock",
                ),
                (
                    t!("wms.shelf_life_deviation_days"),
                    &mut d.shelf_life_deviation_days,
                    days,
                ),
                (
                    t!("wms.min_shelf_life_period"),
                    &mut d.min_shelf_life_period,
                    "min_shelf_life_period",
                ),
                (
                    t!("wms.specification"),
                    &mut d.specification,
                    "specification",
                ),
                (
                    t!("wms.temperature_mode"),
                    &mut d.temperature_mode,
                    "temperature_mode",
                ),
                (
                    t!("wms.base_packaging"),
                    &mut d.base_packaging,
                    "base_packaging",
                ),
                (t!("wms.comment"), &mut d.comment, "comment"),
            ],
        );
    }
}
