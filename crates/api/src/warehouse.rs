//! Wire types of the warehouse (fulfilment) interface: suppliers/buyers, products and the
//! account. Where the contract and the real server differ (tax numbers as integers under `okpp`
//! in the contract, strings under `okpo` on the server), input in either form is read and the
//! server's form is written.

use super::lenient::{flag_bool, opt_int, opt_string};
use serde::{Deserialize, Serialize};

/// `/v1/purveyor/create` request.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct PurveyorInput {
    pub group: String,
    pub code: String,
    pub name: String,
    pub full_name: String,
    pub name_eng: Option<String>,
    #[serde(with = "opt_string", default)]
    pub stock_percentage: Option<String>,
    #[serde(with = "opt_string", default)]
    pub stock_expiry: Option<String>,
    /// Flags are always sent: the server's columns are not nullable.
    #[serde(with = "flag_bool", default)]
    pub legal_entity: bool,
    /// Tax and registry numbers are strings on the server (leading zeros kept); numbers read too.
    #[serde(with = "opt_string", default)]
    pub inn: Option<String>,
    #[serde(with = "opt_string", default)]
    pub kpp: Option<String>,
    /// Spelled `okpo` on the server, `okpp` in the contract.
    #[serde(with = "opt_string", alias = "okpp", default)]
    pub okpo: Option<String>,
    #[serde(with = "flag_bool", default)]
    pub is_buyer: bool,
    #[serde(with = "flag_bool", default)]
    pub depositor: bool,
    #[serde(with = "flag_bool", default)]
    pub is_supplier: bool,
    pub main_delivery_address: Option<String>,
    #[serde(with = "opt_string", default)]
    pub contract_number: Option<String>,
    pub contract_date: Option<String>,
    pub bank_details: Option<String>,
    pub contact_info: Option<String>,
    pub additional_details: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ContractBankDetail {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(with = "opt_int", default)]
    pub supplier_buyer_id: Option<i64>,
    #[serde(with = "opt_string", default)]
    pub contract_number: Option<String>,
    #[serde(default)]
    pub contract_date: Option<String>,
    #[serde(default)]
    pub bank_details: Option<String>,
    #[serde(default)]
    pub contact_info: Option<String>,
    #[serde(default)]
    pub additional_details: Option<String>,
    #[serde(default)]
    pub main_delivery_address: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct EntityType {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(with = "opt_string", default)]
    pub stock_percentage: Option<String>,
    #[serde(with = "opt_int", default)]
    pub stock_expiry: Option<i64>,
    #[serde(with = "opt_int", default)]
    pub supplier_buyer_id: Option<i64>,
    #[serde(with = "flag_bool", default)]
    pub legal_entity: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SupplierBuyerStatus {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(with = "opt_int", default)]
    pub supplier_buyer_id: Option<i64>,
    #[serde(with = "flag_bool", default)]
    pub is_supplier: bool,
    #[serde(with = "flag_bool", default)]
    pub is_buyer: bool,
    #[serde(with = "flag_bool", default)]
    pub depositor: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct TaxInfo {
    #[serde(with = "opt_int", default)]
    pub id: Option<i64>,
    #[serde(with = "opt_int", default)]
    pub supplier_buyer_id: Option<i64>,
    #[serde(with = "opt_string", default)]
    pub inn: Option<String>,
    #[serde(with = "opt_string", default)]
    pub kpp: Option<String>,
    #[serde(with = "opt_string", default)]
    pub okpo: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Href {
    pub href: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SelfLink {
    #[serde(rename = "self")]
    pub this: Href,
}

/// Confirmation state of a record: created (or edited) `new`, moved to `confirmed` by
/// client-status. The server keeps it as the integer `status`, 1 new and 0 confirmed.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum PurveyorState {
    #[default]
    New,
    Confirmed,
}

impl PurveyorState {
    /// The server's integer (`1` new, `0` confirmed; `2` "approved" is never set).
    pub fn from_status(status: i64) -> Option<PurveyorState> {
        match status {
            1 => Some(PurveyorState::New),
            0 | 2 => Some(PurveyorState::Confirmed),
            _ => None,
        }
    }

    pub fn status(self) -> i64 {
        match self {
            PurveyorState::New => 1,
            PurveyorState::Confirmed => 0,
        }
    }
}

/// The state a record reports: the server's integer `status`, or the word some deployments send.
fn state_of(status: Option<i64>, state: Option<PurveyorState>) -> Option<PurveyorState> {
    status.and_then(PurveyorState::from_status).or(state)
}

/// A supplier/buyer record.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Purveyor {
    pub id: i64,
    pub group: String,
    pub code: String,
    pub name: String,
    #[serde(rename = "full_name")]
    pub full_name: String,
    #[serde(rename = "name_eng", default)]
    pub name_eng: Option<String>,
    #[serde(default)]
    pub contract_bank_detail: Option<ContractBankDetail>,
    #[serde(default)]
    pub entity_type: Option<EntityType>,
    #[serde(default)]
    pub supplier_buyer_status: Option<SupplierBuyerStatus>,
    #[serde(default)]
    pub tax_info: Option<TaxInfo>,
    /// The server's record state: 1 new, 0 confirmed (not in the contract's record).
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub status: Option<i64>,
    /// The same as a word, as some deployments send it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<PurveyorState>,
    #[serde(rename = "_links", default)]
    pub links: Option<SelfLink>,
}

impl Purveyor {
    /// Whether it waits for confirmation, if the answer says.
    pub fn state(&self) -> Option<PurveyorState> {
        state_of(self.status, self.state)
    }

    /// The record as a form's input again (to edit it).
    pub fn input(&self) -> PurveyorInput {
        let bank = self.contract_bank_detail.clone();
        let entity = self.entity_type.clone();
        let flags = self.supplier_buyer_status.clone();
        let tax = self.tax_info.clone();
        PurveyorInput {
            group: self.group.clone(),
            code: self.code.clone(),
            name: self.name.clone(),
            full_name: self.full_name.clone(),
            name_eng: self.name_eng.clone(),
            stock_percentage: entity.as_ref().and_then(|e| e.stock_percentage.clone()),
            stock_expiry: entity
                .as_ref()
                .and_then(|e| e.stock_expiry)
                .map(|d| d.to_string()),
            legal_entity: entity.is_some_and(|e| e.legal_entity),
            inn: tax.as_ref().and_then(|t| t.inn.clone()),
            kpp: tax.as_ref().and_then(|t| t.kpp.clone()),
            okpo: tax.and_then(|t| t.okpo),
            is_buyer: flags.as_ref().is_some_and(|f| f.is_buyer),
            depositor: flags.as_ref().is_some_and(|f| f.depositor),
            is_supplier: flags.is_some_and(|f| f.is_supplier),
            main_delivery_address: bank.as_ref().and_then(|b| b.main_delivery_address.clone()),
            contract_number: bank.as_ref().and_then(|b| b.contract_number.clone()),
            contract_date: bank.as_ref().and_then(|b| b.contract_date.clone()),
            bank_details: bank.as_ref().and_then(|b| b.bank_details.clone()),
            contact_info: bank.as_ref().and_then(|b| b.contact_info.clone()),
            additional_details: bank.and_then(|b| b.additional_details),
        }
    }
}

/// `/v1/auth/about-me`: the warehouse account itself (a bare object, no envelope).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AboutMe {
    pub id: i64,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub username: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(with = "opt_int", default)]
    pub status: Option<i64>,
}

/// One item of `/v1/purveyor/client-status`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ClientStatusItem {
    pub id: i64,
    /// Only `ok` moves a record from new to confirmed.
    pub status: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ClientStatusRequest {
    pub status: Vec<ClientStatusItem>,
}

/// Fields the server requires of a product (field notes).
pub const PRODUCT_REQUIRED: &[&str] = &[
    "supplier_buyer_id",
    "group",
    "code",
    "name",
    "full_name",
    "gtin",
    "article",
    "nomenclature_type",
    "unit",
    "shelf_life_stock",
    "kis_code",
    "is_set",
    "weight",
    "net_weight",
    "volume",
    "net_volume",
    "specification",
    "temperature_mode",
    "base_packaging",
];

/// `/v1/product/create` request. The server requires most of these (see field notes).
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct ProductInput {
    #[serde(with = "opt_int", default)]
    pub supplier_buyer_id: Option<i64>,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub group: String,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub code: String,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub name: String,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub full_name: String,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub gtin: String,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub article: String,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub nomenclature_type: String,
    pub unit: Option<String>,
    #[serde(with = "opt_string", default)]
    pub shelf_life_stock: Option<String>,
    pub abc_class: Option<String>,
    #[serde(with = "super::lenient::string_or_number", default)]
    pub kis_code: String,
    pub comment: Option<String>,
    #[serde(with = "flag_bool", default)]
    pub is_set: bool,
    #[serde(with = "opt_string", default)]
    pub weight: Option<String>,
    #[serde(with = "opt_string", default)]
    pub net_weight: Option<String>,
    #[serde(with = "opt_string", default)]
    pub min_shelf_life_stock: Option<String>,
    pub name_eng: Option<String>,
    pub tsd_name: Option<String>,
    #[serde(with = "opt_string", default)]
    pub volume: Option<String>,
    #[serde(with = "opt_string", default)]
    pub net_volume: Option<String>,
    #[serde(with = "opt_string", default)]
    pub shelf_life_deviation_days: Option<String>,
    #[serde(with = "opt_string", default)]
    pub min_shelf_life_period: Option<String>,
    pub specification: Option<String>,
    pub temperature_mode: Option<String>,
    pub base_packaging: Option<String>,
}

/// A stored product: the input with its id and state, and whatever else the server nests in it
/// (`productPackagin`, `productShelfLive`, spelled so; not in the contract), kept as sent so the
/// desk can show it.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Product {
    pub id: i64,
    #[serde(with = "opt_int", default)]
    pub status: Option<i64>,
    pub state: Option<PurveyorState>,
    #[serde(flatten)]
    pub fields: ProductInput,
    #[serde(flatten)]
    pub more: std::collections::BTreeMap<String, serde_json::Value>,
}

impl Product {
    /// Whether it waits for confirmation, if the answer says.
    pub fn state(&self) -> Option<PurveyorState> {
        state_of(self.status, self.state)
    }
}
