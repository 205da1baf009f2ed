//! Wire types of the warehouse (fulfilment) interface: suppliers/buyers and products.

use super::lenient::{flag_bool, opt_int, opt_string};
use serde::{Deserialize, Serialize};

/// `/v1/purveyor/create` request.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct PurveyorInput {
    pub group: String,
    pub code: String,
    pub name: String,
    pub full_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_eng: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub stock_percentage: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub stock_expiry: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_entity: Option<bool>,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub inn: Option<i64>,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub kpp: Option<i64>,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub okpp: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_buyer: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depositor: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_supplier: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_delivery_address: Option<String>,
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub contract_number: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_details: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact_info: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

/// Confirmation state of a supplier record: created `new`, moved to `confirmed` by client-status.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum PurveyorState {
    #[default]
    New,
    Confirmed,
}

/// A supplier/buyer record.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Purveyor {
    pub id: i64,
    pub group: String,
    pub code: String,
    pub name: String,
    pub full_name: String,
    #[serde(default)]
    pub name_eng: Option<String>,
    #[serde(rename = "contractBankDetail", default)]
    pub contract_bank_detail: Option<ContractBankDetail>,
    #[serde(rename = "entityType", default)]
    pub entity_type: Option<EntityType>,
    #[serde(rename = "supplierBuyerStatus", default)]
    pub supplier_buyer_status: Option<SupplierBuyerStatus>,
    #[serde(rename = "taxInfo", default)]
    pub tax_info: Option<TaxInfo>,
    /// Not in the contract's record; the twin and newer deployments report it.
    #[serde(default)]
    pub state: Option<PurveyorState>,
    #[serde(rename = "_links", default)]
    pub links: Option<SelfLink>,
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

/// `/v1/product/create` request. The server requires most of these (see field notes).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct ProductInput {
    #[serde(with = "opt_int", default, skip_serializing_if = "Option::is_none")]
    pub supplier_buyer_id: Option<i64>,
    pub group: String,
    pub code: String,
    pub name: String,
    pub full_name: String,
    #[serde(default)]
    pub gtin: String,
    #[serde(default)]
    pub article: String,
    #[serde(default)]
    pub nomenclature_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub shelf_life_stock: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abc_class: Option<String>,
    #[serde(default)]
    pub kis_code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    #[serde(with = "flag_bool", default)]
    pub is_set: bool,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub net_weight: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub min_shelf_life_stock: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_eng: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tsd_name: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub volume: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub net_volume: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub shelf_life_deviation_days: Option<String>,
    #[serde(with = "opt_string", default, skip_serializing_if = "Option::is_none")]
    pub min_shelf_life_period: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub specification: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature_mode: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_packaging: Option<String>,
}

/// A stored product: the input with its id.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Product {
    pub id: i64,
    #[serde(flatten)]
    pub fields: ProductInput,
}
