//! Error messages quote what was refused, but a field can be megabytes long (a script's record, a
//! paste gone wrong): a quote shows only the start of the value, so the message stays one short
//! line that names the problem instead of burying it.

/// Characters of a value an error message shows.
const SHOWN: usize = 60;
/// The longest message, whatever it quotes; a last guard for quotes that are not marked.
const LONGEST: usize = 400;

/// `value` whole when short; otherwise its first characters and "…".
pub(crate) fn excerpt(value: &str) -> String {
    cut(value, SHOWN)
}

fn cut(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// `message` with every quoted stretch (`"…"`, as `{:?}` and serde write one, or `` `…` ``) cut
/// to its first characters, line breaks as spaces, and the whole kept to a few hundred
/// characters.
pub(crate) fn shortened(message: &str) -> String {
    let mut out = String::new();
    let mut quote: Option<(char, usize)> = None;
    let mut escaped = false;
    for c in message.chars() {
        let c = if c == '\n' || c == '\r' { ' ' } else { c };
        match quote {
            None => {
                out.push(c);
                if c == '"' || c == '`' {
                    quote = Some((c, 0));
                }
            }
            Some((mark, shown)) => {
                let closes = c == mark && !escaped;
                escaped = !escaped && c == '\\' && mark == '"';
                if closes {
                    out.push(c);
                    quote = None;
                } else if shown < SHOWN {
                    out.push(c);
                    quote = Some((mark, shown + 1));
                } else if shown == SHOWN {
                    out.push('…');
                    quote = Some((mark, shown + 1));
                }
            }
        }
    }
    cut(&out, LONGEST)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_quoted_whole_and_long_ones_by_their_start() {
        assert_eq!(excerpt("0199"), "0199");
        let long = "7".repeat(10_000_000);
        let shown = excerpt(&long);
        assert_eq!(shown.chars().count(), SHOWN + 1);
        assert!(shown.ends_with('…'));
    }

    #[test]
    fn every_quote_in_a_message_is_cut_and_the_rest_kept() {
        let value = "Ж\\\"".repeat(1_000_000);
        let message = format!(
            "invalid type: string {value:?}, expected i64 and unknown variant `{}` at line 1 column 9",
            "x".repeat(500)
        );
        let short = shortened(&message);
        assert!(short.len() < LONGEST * 4, "{} bytes", short.len());
        assert!(short.starts_with("invalid type: string \"Ж"), "{short}");
        assert!(short.contains("…\", expected i64"), "{short}");
        assert!(short.ends_with("…` at line 1 column 9"), "{short}");
        assert_eq!(shortened("a\nb \"c\""), "a b \"c\"");
        assert_eq!(shortened(&"y".repeat(5_000)).chars().count(), LONGEST + 1);
    }
}
