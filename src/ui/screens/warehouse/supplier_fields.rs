//! The supplier/buyer form's fields, in the order a clerk fills them from a contract: who it is,
//! its roles, tax and registry numbers, the contract, bank and contact details.

use super::form::Fields;
use crate::desk::supplier_draft::{SupplierDraft, field as f};
use crate::ui::widgets::{Form, edit_optional};
use rust_i18n::t;

/// A flag with its label; the clerk ticks it with Space as well.
pub fn flag(ui: &mut egui::Ui, value: &mut bool, label: &str) {
    ui.checkbox(value, label);
}

impl Fields for SupplierDraft {
    type Aid = ();

    fn fields_ui(&mut self, ui: &mut egui::Ui, form: &Form<'_>, _aid: &mut ()) {
        let d = &mut self.0;
        ui.label(egui::RichText::new(t!("wms.supplier_required")).weak());
        form.texts(
            ui,
            [
                (t!("wms.group"), &mut d.group, f::GROUP),
                (t!("wms.code"), &mut d.code, f::CODE),
                (t!("wms.name"), &mut d.name, f::NAME),
                (t!("wms.full_name"), &mut d.full_name, f::FULL_NAME),
            ],
        );
        form.optional_texts(ui, [(t!("wms.name_eng"), &mut d.name_eng, f::NAME_ENG)]);
        ui.label(t!("wms.roles"));
        ui.horizontal_wrapped(|ui| {
            flag(ui, &mut d.is_supplier, &t!("wms.supplier"));
            flag(ui, &mut d.is_buyer, &t!("wms.buyer"));
            flag(ui, &mut d.depositor, &t!("wms.depositor"));
            flag(ui, &mut d.legal_entity, &t!("wms.legal_entity"));
        });
        ui.add_space(4.0);
        form.optional_texts(
            ui,
            [
                (
                    t!("wms.stock_percentage"),
                    &mut d.stock_percentage,
                    f::STOCK_PERCENTAGE,
                ),
                (t!("wms.stock_expiry"), &mut d.stock_expiry, f::STOCK_EXPIRY),
                (t!("wms.inn"), &mut d.inn, f::INN),
                (t!("wms.kpp"), &mut d.kpp, f::KPP),
                (t!("wms.okpo"), &mut d.okpo, f::OKPO),
                (
                    t!("wms.contract_number"),
                    &mut d.contract_number,
                    f::CONTRACT_NUMBER,
                ),
            ],
        );
        let label = t!("wms.contract_date");
        edit_optional(&mut d.contract_date, |day| {
            crate::ui::widgets::date_field::show(ui, form, &label, day, f::CONTRACT_DATE)
        });
        form.optional_texts(
            ui,
            [
                (t!("wms.address"), &mut d.main_delivery_address, f::ADDRESS),
                (t!("wms.bank_details"), &mut d.bank_details, f::BANK_DETAILS),
                (t!("wms.contact_info"), &mut d.contact_info, f::CONTACT_INFO),
                (
                    t!("wms.additional"),
                    &mut d.additional_details,
                    f::ADDITIONAL,
                ),
            ],
        );
    }
}
