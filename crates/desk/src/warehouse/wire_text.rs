//! What a form typed straight into one of the service's own inputs becomes when it is sent: the
//! warehouse forms edit the wire input itself (one list of fields, not three), and this turns
//! what the clerk typed into what the service takes.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The text of an optional field as the form shows it.
pub(crate) fn typed(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
}

/// What an optional field says, trimmed; `None` when it is blank.
pub(crate) fn given(value: &Option<String>) -> Option<&str> {
    Some(value.as_deref()?.trim()).filter(|t| !t.is_empty())
}

/// The input as it is sent: every text trimmed, and an optional text left blank not given. Its
/// required texts are never blank here (a form with problems sends nothing), so the input always
/// reads back; were it not to, it goes as it was typed.
pub(crate) fn tidy<T: Serialize + DeserializeOwned + Clone>(input: &T) -> T {
    let Ok(mut value) = serde_json::to_value(input) else {
        return input.clone();
    };
    if let serde_json::Value::Object(fields) = &mut value {
        for field in fields.values_mut() {
            if let serde_json::Value::String(text) = field {
                *field = match text.trim() {
                    "" => serde_json::Value::Null,
                    t => serde_json::Value::String(t.to_string()),
                };
            }
        }
    }
    serde_json::from_value(value).unwrap_or_else(|_| input.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use api::warehouse::ProductInput;

    #[test]
    fn texts_are_trimmed_and_blank_optional_ones_left_out() {
        let sent = tidy(&ProductInput {
            is_set: true,
            weight: Some(" 1.5 ".into()),
            unit: Some("  ".into()),
            code: " P-1 ".into(),
            ..ProductInput::default()
        });
        assert_eq!(sent.code, "P-1");
        assert_eq!(sent.unit, None);
        assert_eq!(sent.weight.as_deref(), Some("1.5"));
        assert!(sent.is_set);
    }
}
