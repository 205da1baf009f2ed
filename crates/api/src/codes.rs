//! The closed sets of the contract as enums: order statuses of each generation, delivery and
//! pickup modes, units, environments. Each knows its wire value; an unknown value is a decoding
//! error, not a silent default.

use serde::{Deserialize, Serialize};

macro_rules! int_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $value:expr => $label:literal),+ $(,)? }) => {
        int_enum!($(#[$meta])* $name { $($variant = $value),+ });

        impl $name {
            /// The contract's English meaning (the clerk reads the translated one).
            pub fn label(self) -> &'static str {
                match self { $($name::$variant => $label),+ }
            }
        }
    };
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $value:expr),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(try_from = "crate::lenient::LooseInt", into = "i64")]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn code(self) -> i64 {
                match self { $($name::$variant => $value),+ }
            }
        }

        impl TryFrom<i64> for $name {
            type Error = String;
            fn try_from(v: i64) -> Result<Self, String> {
                match v {
                    $($value => Ok($name::$variant),)+
                    other => Err(format!("{} is not a known {}", other, stringify!($name))),
                }
            }
        }

        impl TryFrom<crate::lenient::LooseInt> for $name {
            type Error = String;
            fn try_from(v: crate::lenient::LooseInt) -> Result<Self, String> {
                $name::try_from(i64::try_from(v)?)
            }
        }

        impl From<$name> for i64 {
            fn from(v: $name) -> i64 { v.code() }
        }
    };
}

int_enum!(
    /// Order status ids of the legacy interface.
    LegacyStatus {
        Draft = -1 => "Draft",
        Refused = 0 => "Refused",
        AtSender = 1 => "At the sender",
        CourierAccepted = 2 => "Courier accepted",
        AtSendingOffice = 3 => "At the sending office",
        AtDeliveryOffice = 4 => "At the delivery office",
        CourierDelivering = 5 => "Courier delivering",
        Delivered = 6 => "Delivered",
        Return = 7 => "Return",
        AtIntermediateOffice = 8 => "At the intermediate office",
        SortingCenter = 10 => "Sorting center",
        InWarehouse = 31 => "In the warehouse",
        InBag = 32 => "In the bag",
        InTransit = 33 => "In transit",
        AtCourierCenter = 34 => "At the courier distribution center",
    }
);

int_enum!(
    /// Order status codes of the current interface: one state machine, `next` gives the chain.
    OrderStatus {
        AtSender = 100 => "At the sender, not yet passed to the service",
        CourierAccepted = 200 => "Courier accepted, taking it to the sending office",
        AtSendingOffice = 300 => "At the sending office",
        InternalTransport = 400 => "In internal transport",
        SortingCenter = 500 => "In the sorting center",
        InBag = 600 => "In a logistics bag",
        InTransport = 700 => "In transport",
        AtDeliveryOffice = 800 => "At the delivery office",
        CourierDelivering = 1100 => "Courier delivering to the receiver",
        Delivered = 1200 => "Delivered",
        Deleted = 1300 => "Deleted",
        Expired = 1400 => "Order validity expired",
    }
);

impl OrderStatus {
    /// `next_possible_statuses` of the status list.
    pub fn next_possible(self) -> &'static [OrderStatus] {
        use OrderStatus::*;
        match self {
            AtSender => &[CourierAccepted],
            CourierAccepted => &[AtSendingOffice],
            AtSendingOffice => &[InternalTransport],
            InternalTransport => &[SortingCenter],
            SortingCenter => &[InBag],
            InBag => &[InTransport],
            InTransport => &[AtDeliveryOffice],
            AtDeliveryOffice => &[CourierDelivering],
            CourierDelivering => &[Delivered],
            Delivered | Deleted | Expired => &[],
        }
    }

    pub fn is_final(self) -> bool {
        self.next_possible().is_empty()
    }

    /// Cancelling is only possible before the parcel reaches the service.
    pub fn is_cancellable(self) -> bool {
        self == OrderStatus::AtSender
    }

    /// The current status a legacy id stands for (the first of the chain with that view).
    pub fn from_legacy(id: i64) -> Option<OrderStatus> {
        OrderStatus::ALL
            .iter()
            .copied()
            .find(|s| s.legacy().code() == id)
    }

    /// The legacy interface's view of this status.
    pub fn legacy(self) -> LegacyStatus {
        use OrderStatus::*;
        match self {
            AtSender => LegacyStatus::AtSender,
            CourierAccepted => LegacyStatus::CourierAccepted,
            AtSendingOffice => LegacyStatus::AtSendingOffice,
            InternalTransport => LegacyStatus::AtIntermediateOffice,
            SortingCenter => LegacyStatus::SortingCenter,
            InBag => LegacyStatus::InBag,
            InTransport => LegacyStatus::InTransit,
            AtDeliveryOffice => LegacyStatus::AtDeliveryOffice,
            CourierDelivering => LegacyStatus::CourierDelivering,
            Delivered => LegacyStatus::Delivered,
            Deleted => LegacyStatus::Refused,
            Expired => LegacyStatus::Return,
        }
    }
}

int_enum!(
    /// Status codes of international parcels.
    ParcelStatus {
        AtSender = 100 => "At the sender",
        AtCustoms = 110 => "At the customs office",
        OutOfCustoms = 120 => "Came out of customs",
        CanceledByCustoms = 130 => "Canceled by customs",
        SortingCenter = 200 => "In the sorting center",
        AtReceiverOffice = 300 => "At the receiver's office",
        CourierDelivering = 400 => "Courier is delivering",
        Delivered = 500 => "Delivered",
    }
);

impl ParcelStatus {
    /// The ordinary path through customs; `CanceledByCustoms` branches off `AtCustoms`.
    pub fn next(self, customs_refuses: bool) -> Option<ParcelStatus> {
        use ParcelStatus::*;
        match self {
            AtSender => Some(AtCustoms),
            AtCustoms if customs_refuses => Some(CanceledByCustoms),
            AtCustoms => Some(OutOfCustoms),
            OutOfCustoms => Some(SortingCenter),
            SortingCenter => Some(AtReceiverOffice),
            AtReceiverOffice => Some(CourierDelivering),
            CourierDelivering => Some(Delivered),
            CanceledByCustoms | Delivered => None,
        }
    }
}

int_enum!(
    /// `senderDelivery` / `receiverDelivery`: how the parcel leaves or arrives.
    Delivery {
        Office = 0,
        Courier = 1,
        RemoteCourier = 2,
    }
);

/// An order is handed over at an office unless the clerk says otherwise.
impl Default for Delivery {
    fn default() -> Self {
        Delivery::Office
    }
}

impl Delivery {
    pub fn is_courier(self) -> bool {
        self != Delivery::Office
    }
}

/// `pickup_type` of the current interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PickupType {
    #[serde(rename = "self")]
    SelfDropOff,
    Courier,
}

impl PickupType {
    pub fn as_str(self) -> &'static str {
        match self {
            PickupType::SelfDropOff => "self",
            PickupType::Courier => "courier",
        }
    }
}

/// `dropoff_type` of the current interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DropoffType {
    Courier,
    Branch,
}

impl DropoffType {
    pub fn as_str(self) -> &'static str {
        match self {
            DropoffType::Courier => "courier",
            DropoffType::Branch => "branch",
        }
    }
}

/// Webhook environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    #[default]
    Production,
    Test,
}

impl Environment {
    pub fn as_str(self) -> &'static str {
        match self {
            Environment::Production => "production",
            Environment::Test => "test",
        }
    }

    pub fn parse(s: &str) -> Option<Environment> {
        match s {
            "production" => Some(Environment::Production),
            "test" => Some(Environment::Test),
            _ => None,
        }
    }
}

/// `ProductUnit` of an international product line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProductUnit {
    #[serde(rename = "kg")]
    Kilogram,
    #[serde(rename = "g")]
    Gram,
    #[serde(rename = "t")]
    Tonne,
    #[serde(rename = "pcs", alias = "dona")]
    Piece,
    #[serde(rename = "L")]
    Litre,
    #[serde(rename = "mL")]
    Millilitre,
    #[serde(rename = "m³", alias = "m3")]
    CubicMetre,
}

impl ProductUnit {
    pub const ALL: &'static [ProductUnit] = &[
        ProductUnit::Kilogram,
        ProductUnit::Gram,
        ProductUnit::Tonne,
        ProductUnit::Piece,
        ProductUnit::Litre,
        ProductUnit::Millilitre,
        ProductUnit::CubicMetre,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProductUnit::Kilogram => "kg",
            ProductUnit::Gram => "g",
            ProductUnit::Tonne => "t",
            ProductUnit::Piece => "pcs",
            ProductUnit::Litre => "L",
            ProductUnit::Millilitre => "mL",
            ProductUnit::CubicMetre => "m³",
        }
    }
}

/// The language of names and messages on the current interface (`language` header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    Uz,
    Ru,
    En,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Uz => "uz",
            Language::Ru => "ru",
            Language::En => "en",
        }
    }

    pub fn parse(s: &str) -> Option<Language> {
        match s.trim().to_ascii_lowercase().as_str() {
            "uz" => Some(Language::Uz),
            "ru" => Some(Language::Ru),
            "en" => Some(Language::En),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_chain_reaches_delivered_in_nine_steps() {
        let mut s = OrderStatus::AtSender;
        let mut steps = 0;
        while let Some(next) = s.next_possible().first() {
            s = *next;
            steps += 1;
        }
        assert_eq!((s, steps), (OrderStatus::Delivered, 9));
        assert_eq!(OrderStatus::ALL.len(), 12);
    }

    #[test]
    fn unknown_codes_are_errors() {
        assert!(serde_json::from_str::<OrderStatus>("900").is_err());
        assert_eq!(
            serde_json::from_str::<LegacyStatus>("-1").unwrap(),
            LegacyStatus::Draft
        );
        assert_eq!(
            serde_json::to_string(&Delivery::RemoteCourier).unwrap(),
            "2"
        );
        // The current order record writes its status code as a string.
        assert_eq!(
            serde_json::from_str::<OrderStatus>("\"100\"").unwrap(),
            OrderStatus::AtSender
        );
    }

    #[test]
    fn units_accept_dona_and_write_pcs() {
        let u: ProductUnit = serde_json::from_str("\"dona\"").unwrap();
        assert_eq!(u, ProductUnit::Piece);
        assert_eq!(serde_json::to_string(&u).unwrap(), "\"pcs\"");
        assert_eq!(
            serde_json::to_string(&PickupType::SelfDropOff).unwrap(),
            "\"self\""
        );
    }
}
