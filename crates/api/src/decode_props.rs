//! Property tests of every answer the desk decodes (`decode_any.rs`): random JSON, and JSON whose
//! keys are the contract's own field names so that it reaches deep into the typed decoders,
//! through the same classification and decoding the clients use, for the three interfaces and
//! the webhook body.
//! Whatever arrives ends as a value or an `ApiError`, never a panic. Bounded: a fixed number of
//! cases, a few seconds in all.

use proptest::prelude::*;
use serde_json::{Value, json};
use std::sync::OnceLock;

/// The field names the wire types declare (their own names and their renames), read from the
/// types' sources so the vocabulary follows the contract as it changes.
fn keys() -> &'static [String] {
    static KEYS: OnceLock<Vec<String>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let sources = [
            include_str!("legacy.rs"),
            include_str!("current.rs"),
            include_str!("warehouse.rs"),
            include_str!("international.rs"),
            include_str!("directory.rs"),
            include_str!("envelope.rs"),
            include_str!("webhook.rs"),
        ];
        let mut keys: Vec<String> = Vec::new();
        for line in sources.iter().flat_map(|s| s.lines()) {
            let line = line.trim();
            for marker in ["rename = \"", "alias = \""] {
                if let Some(rest) = line.split(marker).nth(1) {
                    keys.extend(rest.split('"').next().map(str::to_string));
                }
            }
            if let Some((name, _)) = line.strip_prefix("pub ").and_then(|f| f.split_once(':'))
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                keys.push(name.to_string());
            }
        }
        keys.sort();
        keys.dedup();
        keys
    })
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (0u64..10_000).prop_map(|n| json!(n)),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f)
            .map(Value::Number)),
        "[ -~ʻўқғҳЁёА-я]{0,16}".prop_map(Value::String),
        (0u64..100_000_000_000_000).prop_map(|n| json!(n.to_string())),
        "-?[0-9]{1,4}([.,][0-9]{1,3})?".prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((any::<prop::sample::Index>(), inner), 0..10).prop_map(
                |fields| {
                    let keys = keys();
                    Value::Object(
                        fields
                            .into_iter()
                            .map(|(k, v)| (k.get(keys).clone(), v))
                            .collect(),
                    )
                }
            ),
        ]
    })
}

/// A random value as the service would wrap it: bare, or in one of the envelopes.
fn any_answer() -> impl Strategy<Value = Value> {
    (any_json(), 0..5u8).prop_map(|(v, wrap)| match wrap {
        0 => v,
        1 => json!({"status": true, "code": 200, "data": v}),
        2 => json!({"code": 200, "message": "ok", "data": v}),
        3 => json!({"data": v, "meta": {"current_page": 1, "last_page": 1, "total": 1}}),
        _ => json!({"status": false, "errors": v, "message": "xato"}),
    })
}

fn decode_everything(body: &[u8]) {
    super::decode_any::everything(body);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 400,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn any_json_answer_decodes_or_is_refused(v in any_answer()) {
        decode_everything(v.to_string().as_bytes());
    }

    #[test]
    fn any_bytes_are_classified_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        decode_everything(&bytes);
    }

    #[test]
    fn a_cut_or_altered_answer_is_refused_without_a_panic(
        v in any_answer(),
        cut in any::<prop::sample::Index>(),
        at_byte in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let text = v.to_string().into_bytes();
        let mut altered = text[..cut.index(text.len() + 1)].to_vec();
        if !altered.is_empty() {
            let i = at_byte.index(altered.len());
            altered[i] = byte;
        }
        decode_everything(&altered);
    }
}

#[test]
fn the_vocabulary_holds_the_contracts_names() {
    let keys = keys();
    for name in ["barcode", "data", "order_id"] {
        assert!(keys.iter().any(|k| k == name), "{name}");
    }
    assert!(keys.len() > 100, "{}", keys.len());
}
