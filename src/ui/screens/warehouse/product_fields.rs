//! The product form's fields: the supplier/buyer it belongs to (picked from the warehouse's
//! list, read when the form opens), what it is and how it is coded (GTIN with its check digit),
//! its measures, shelf life and storage.

use super::form::Fields;
use super::supplier_fields::flag;
use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, Form};
use api::envelope::LoadProgress;
use api::warehouse::Purveyor;
use api::warehouse_client::Kind;
use desk::DeskError;
use desk::task::{Task, ready};
use desk::warehouse::product_draft::ProductDraft;
use egui::RichText;
use rust_i18n::t;
use std::sync::Arc;

/// The suppliers/buyers a product can belong to.
#[derive(Default)]
pub struct Suppliers {
    list: Vec<Purveyor>,
    reading: Option<Task<Result<Vec<Purveyor>, DeskError>>>,
    error: Option<Words>,
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
            Some(Err(e)) => aid.error = Some(crate::ui::widgets::errors::told_desk(&e)),
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
        crate::ui::widgets::dropdown::Dropdown::new("product-supplier")
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
        let fetched = aid.error.as_ref().map(Words::text);
        for e in [fetched.as_deref(), form.error("supplier_buyer_id")]
            .into_iter()
            .flatten()
        {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        ui.add_space(4.0);
        form.texts(ui, fields!(d: group, code, name, full_name));
        form.optional_texts(ui, fields!(d: name_eng, tsd_name));
        form.texts(ui, fields!(d: gtin, article, nomenclature_type, kis_code));
        form.optional_texts(ui, fields!(d: unit, abc_class));
        flag(ui, &mut d.is_set, &t!("wms.is_set"));
        ui.add_space(4.0);
        form.optional_texts(ui, fields!(d: weight, net_weight, volume, net_volume));
        form.optional_texts(
            ui,
            fields!(d: shelf_life_stock, min_shelf_life_stock, shelf_life_deviation_days),
        );
        form.optional_texts(ui, fields!(d: min_shelf_life_period, specification));
        form.optional_texts(ui, fields!(d: temperature_mode, base_packaging, comment));
    }
}
