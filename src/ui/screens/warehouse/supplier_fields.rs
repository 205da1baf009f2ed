//! The supplier/buyer form's fields, in the order a clerk fills them from a contract: who it is,
//! its roles, tax and registry numbers, the contract, bank and contact details.

use super::form::Fields;
use crate::api::warehouse::Purveyor;
use crate::desk::DeskError;
use crate::desk::problem::Problem;
use crate::desk::supplier_draft::{SupplierDraft, field as f};
use crate::desk::task::Task;
use crate::ui::app::cx::Cx;
use crate::ui::app::event::AppEvent;
use crate::ui::app::screen::ScreenId;
use crate::ui::widgets::Form;
use rust_i18n::t;
use std::collections::BTreeMap;

/// A flag with its label; the clerk ticks it with Space as well.
pub fn flag(ui: &mut egui::Ui, value: &mut bool, label: &str) {
    ui.checkbox(value, label);
}

impl Fields for SupplierDraft {
    type Record = Purveyor;
    type Aid = ();
    const KEPT: &'static str = "warehouse-supplier";
    const LIST: ScreenId = ScreenId::Suppliers;

    fn title(editing: Option<i64>) -> String {
        match editing {
            Some(id) => t!("wms.edit_supplier", id = id).to_string(),
            None => t!("wms.new_supplier").to_string(),
        }
    }

    fn problems(&self) -> BTreeMap<&'static str, Problem> {
        SupplierDraft::problems(self)
    }

    fn opened_by(event: &AppEvent) -> Option<(Option<i64>, Self)> {
        match event {
            AppEvent::EditSupplier(Some(p)) => Some((Some(p.id), SupplierDraft::from_record(p))),
            AppEvent::EditSupplier(None) => Some((None, SupplierDraft::default())),
            _ => None,
        }
    }

    fn send(&self, cx: &mut Cx, id: Option<i64>) -> Option<Task<Result<Purveyor, DeskError>>> {
        Some(cx.desk.save_supplier(id, self.input()?))
    }

    fn saved_text(record: &Purveyor) -> String {
        t!("wms.saved", id = record.id, name = record.name).to_string()
    }

    fn changed_event() -> AppEvent {
        AppEvent::WarehouseChanged(crate::api::warehouse_client::Kind::Purveyor)
    }

    fn fields_ui(&mut self, ui: &mut egui::Ui, form: &Form<'_>, _aid: &mut ()) {
        ui.label(egui::RichText::new(t!("wms.supplier_required")).weak());
        form.texts(
            ui,
            [
                (t!("wms.group"), &mut self.group, f::GROUP),
                (t!("wms.code"), &mut self.code, f::CODE),
                (t!("wms.name"), &mut self.name, f::NAME),
                (t!("wms.full_name"), &mut self.full_name, f::FULL_NAME),
                (t!("wms.name_eng"), &mut self.name_eng, f::NAME_ENG),
            ],
        );
        ui.label(t!("wms.roles"));
        ui.horizontal_wrapped(|ui| {
            flag(ui, &mut self.is_supplier, &t!("wms.supplier"));
            flag(ui, &mut self.is_buyer, &t!("wms.buyer"));
            flag(ui, &mut self.depositor, &t!("wms.depositor"));
            flag(ui, &mut self.legal_entity, &t!("wms.legal_entity"));
        });
        ui.add_space(4.0);
        form.texts(
            ui,
            [
                (
                    t!("wms.stock_percentage"),
                    &mut self.stock_percentage,
                    f::STOCK_PERCENTAGE,
                ),
                (
                    t!("wms.stock_expiry"),
                    &mut self.stock_expiry,
                    f::STOCK_EXPIRY,
                ),
                (t!("wms.inn"), &mut self.inn, f::INN),
                (t!("wms.kpp"), &mut self.kpp, f::KPP),
                (t!("wms.okpo"), &mut self.okpo, f::OKPO),
                (
                    t!("wms.contract_number"),
                    &mut self.contract_number,
                    f::CONTRACT_NUMBER,
                ),
            ],
        );
        crate::ui::widgets::date_field::show(
            ui,
            form,
            &t!("wms.contract_date"),
            &mut self.contract_date,
            f::CONTRACT_DATE,
        );
        form.texts(
            ui,
            [
                (
                    t!("wms.address"),
                    &mut self.main_delivery_address,
                    f::ADDRESS,
                ),
                (
                    t!("wms.bank_details"),
                    &mut self.bank_details,
                    f::BANK_DETAILS,
                ),
                (
                    t!("wms.contact_info"),
                    &mut self.contact_info,
                    f::CONTACT_INFO,
                ),
                (
                    t!("wms.additional"),
                    &mut self.additional_details,
                    f::ADDITIONAL,
                ),
            ],
        );
    }
}
