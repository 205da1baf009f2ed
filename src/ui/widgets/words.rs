//! What the clerk reads, kept between frames as the way to say it rather than the text once
//! said: a message kept on a screen (an error, a notice) is worded anew in the language of the
//! moment each time it is shown, so a language switch leaves nothing in the language before.
//! The service's own words are kept as they came ([`Words::said`]): they were asked in the
//! clerk's language of the time.

use std::sync::Arc;

/// A message kept on a screen, said in the language of the moment.
#[derive(Clone)]
pub struct Words(Arc<dyn Fn() -> String + Send + Sync>);

impl Words {
    /// Words made from the catalog (and the facts they name) each time they are shown.
    pub fn new(say: impl Fn() -> String + Send + Sync + 'static) -> Words {
        Words(Arc::new(say))
    }

    /// Words kept as they came (the service's, a path, a number).
    pub fn said(text: impl Into<String>) -> Words {
        let text = text.into();
        Words::new(move || text.clone())
    }

    /// The words, in the language of the moment.
    pub fn text(&self) -> String {
        (self.0)()
    }
}

impl From<&Words> for String {
    fn from(w: &Words) -> String {
        w.text()
    }
}

impl From<&Words> for egui::RichText {
    fn from(w: &Words) -> egui::RichText {
        egui::RichText::new(w.text())
    }
}

impl From<&Words> for egui::WidgetText {
    fn from(w: &Words) -> egui::WidgetText {
        w.text().into()
    }
}

impl std::fmt::Debug for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// A catalog text as [`Words`]: `words!("order.bad_phone")`, `words!("x.y", n = count)` (the
/// facts named are kept and said again with it).
#[macro_export]
macro_rules! words {
    ($key:expr $(, $name:ident = $value:expr)* $(,)?) => {{
        $(
            // The value is taken into the words (a name given as itself is taken too).
            #[allow(clippy::redundant_locals)]
            let $name = $value;
        )*
        $crate::ui::widgets::words::Words::new(move || {
            rust_i18n::t!($key $(, $name = $name.clone())*).to_string()
        })
    }};
}

#[cfg(test)]
mod tests {
    #[test]
    fn words_kept_are_said_in_the_language_of_the_moment() {
        let kept = crate::words!("dir.more_places", n = 3);
        rust_i18n::set_locale("en");
        let en = kept.text();
        rust_i18n::set_locale("ru");
        let ru = kept.text();
        rust_i18n::set_locale("en");
        assert!(en.contains('3') && ru.contains('3'));
        assert_ne!(en, ru);
    }
}
