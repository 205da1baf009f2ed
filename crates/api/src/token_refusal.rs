//! Whether a legacy refusal may be the token's, so the client gets a new token and sends once more.
//!
//! The service does not choose its words for us: deployments refuse an expired token with HTTP
//! 400 or 401 (field notes), in the envelope `{data: null, state: null, message: {text}, code}`
//! (the contract's "legacy authentication failure"), worded in the request's language or not at
//! all as documented. So the answer's shape decides, not its words: a 401, or a 400 or 403 that
//! names no field, may be the token. A refusal naming fields (`errors: {field: [..]}`) is the
//! order's own and is never sent again. The words the desk has met so far still count where the
//! shape alone would not (a refusal of another status, or `errors` as a bare sentence).
//!
//! Every answer recognised here is a refusal given before anything was done, so sending the
//! request again with a new token cannot do anything twice.

use super::error::ApiError;

/// True when `error` is a refusal that may be the token's: worth one new token and one more try.
pub(crate) fn may_be_the_token(error: &ApiError) -> bool {
    match error {
        // A 401, as the HTTP status or the envelope's code: the token, by definition.
        ApiError::Unauthorized { .. } => true,
        // A 400 or 403 naming no field (field errors are read as `Validation`): the shape of the
        // authentication envelope, whatever the sentence in it says.
        ApiError::BadRequest { .. } | ApiError::Forbidden { .. } => true,
        // Another client-error status whose words name the token.
        ApiError::Rejected { status, message } => {
            (400..500).contains(status) && names_the_token(message)
        }
        // `errors` as a bare sentence about the token, with no field named.
        ApiError::Validation {
            message: Some(message),
            fields,
        } => fields.is_empty() && names_the_token(message),
        _ => false,
    }
}

/// Whether a sentence speaks of the token or of signing in, in the wordings met so far.
fn names_the_token(message: &str) -> bool {
    let m = message.to_lowercase();
    ["token", "токен", "auth", "авториз", "avtoriz"]
        .iter()
        .any(|w| m.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Interface, classify};
    use reqwest::StatusCode;
    use reqwest::header::HeaderMap;
    use serde_json::{Value, json};

    fn refusal(status: u16, body: Value) -> ApiError {
        let bytes = serde_json::to_vec(&body).expect("JSON");
        let code = StatusCode::from_u16(status).expect("status");
        classify(Interface::Legacy, code, &HeaderMap::new(), &bytes).expect_err("a refusal")
    }

    fn envelope(code: u16, text: &str) -> Value {
        json!({"data": null, "state": null, "message": {"text": text}, "code": code})
    }

    #[test]
    fn the_envelope_without_fields_may_be_the_token_whatever_its_words() {
        for text in [
            "Срок действия сессии истёк",
            "Sessiya muddati tugagan",
            "Please sign in again",
            "",
        ] {
            for status in [400, 401, 403] {
                let e = refusal(status, envelope(status, text));
                assert!(may_be_the_token(&e), "{status} {text:?}: {e:?}");
            }
            // HTTP 200 with the refusal's code in the envelope.
            assert!(may_be_the_token(&refusal(200, envelope(401, text))));
        }
    }

    #[test]
    fn field_errors_are_the_orders_never_the_tokens() {
        for status in [400, 403, 422, 200] {
            let e = refusal(
                status,
                json!({"errors": {"senderPhone": ["Token kerak emas, telefon notoʻgʻri"]}}),
            );
            assert!(!may_be_the_token(&e), "{status}: {e:?}");
            assert_eq!(e.field("senderPhone").len(), 1);
        }
    }

    #[test]
    fn other_refusals_count_only_when_they_name_the_token() {
        assert!(may_be_the_token(&refusal(
            419,
            envelope(419, "Token expired")
        )));
        assert!(!may_be_the_token(&refusal(409, envelope(409, "Busy"))));
        assert!(may_be_the_token(&refusal(
            422,
            json!({"errors": "Авторизация истекла"})
        )));
        assert!(!may_be_the_token(&refusal(
            422,
            json!({"errors": "Buyurtma topilmadi"})
        )));
        assert!(!may_be_the_token(&refusal(404, envelope(404, "Not found"))));
        assert!(!may_be_the_token(&refusal(
            500,
            envelope(500, "Token store down")
        )));
    }
}
