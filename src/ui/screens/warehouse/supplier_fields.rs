//! The supplier/buyer form's fields, in the order a clerk fills them from a contract: who it is,
//! its roles, tax and registry numbers, the contract, bank and contact details.

use super::form::Fields;
use crate::ui::widgets::{Form, edit_optional};
use desk::warehouse::supplier_draft::SupplierDraft;
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
        form.texts(ui, fields!(d: group, code, name, full_name));
        form.optional_texts(ui, fields!(d: name_eng));
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
            fields!(d: stock_percentage, stock_expiry, inn, kpp, okpo, contract_number),
        );
        let label = t!("wms.contract_date");
        edit_optional(&mut d.contract_date, |day| {
            crate::ui::widgets::date_field::show(ui, form, &label, day, "contract_date")
        });
        form.optional_texts(
            ui,
            fields!(d: main_delivery_address, bank_details, contact_info, additional_details),
        );
    }
}
