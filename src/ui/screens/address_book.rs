//! The address book: the people the shop knows from its orders, found by name or phone, each
//! corrected, merged with a duplicate or forgotten (the clerk handles customers' personal data:
//! forgetting can also blank them in the order list). The order form offers the same people.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::ERROR_COLOR;
use crate::ui::widgets::errors::tell_desk;
use crate::ui::widgets::pickers::CityPicker;
use crate::ui::widgets::words::Words;
use desk::DeskError;
use desk::task::{Poll, Task};
use egui::RichText;
use rust_i18n::t;
use store::{Correction, Person};

/// How many people the list shows at once (the search narrows it).
const SHOWN: usize = 200;

/// What the clerk is doing to one person.
enum Doing {
    Correcting {
        key: String,
        fixed: Correction,
        city: Box<CityPicker>,
    },
    /// Choosing whom `gone` is merged into, then saying so.
    Merging {
        gone: Person,
        search: String,
        kept: Option<Person>,
    },
    /// Asked whether to forget them.
    Forgetting { person: Person, from_journal: bool },
}

/// A change sent to the book, and what the clerk is told when it is done.
enum Sent {
    Corrected(Task<Result<String, DeskError>>, String),
    Merged(Task<Result<(), DeskError>>, String, String),
    Forgot(Task<Result<usize, DeskError>>, String),
}

#[derive(Default)]
pub struct AddressBookScreen {
    search: String,
    /// The search takes the cursor in the next frame (the screen was just opened).
    focus_search: bool,
    doing: Option<Doing>,
    sent: Option<Sent>,
    error: Option<Words>,
}

impl AddressBookScreen {
    /// The people the search shows: everyone most used first, or those the search finds.
    fn listed(&self, cx: &Cx) -> (Vec<Person>, usize) {
        let book = cx.desk.address_book();
        if self.search.trim().is_empty() {
            return (book.everyone().take(SHOWN).cloned().collect(), book.len());
        }
        let found: Vec<Person> = book
            .suggest(&self.search, SHOWN)
            .into_iter()
            .cloned()
            .collect();
        let n = found.len();
        (found, n)
    }

    fn table(&mut self, ui: &mut egui::Ui, cx: &Cx, people: &[Person]) {
        let dirs = cx.desk.directories();
        // Every column whole in a 1024-pixel window: the address takes what the others leave,
        // and long names and addresses are cut (whole on hover); the actions sit next to the
        // name, in sight however narrow the window.
        let ctx = ui.ctx().clone();
        let table = egui_extras::TableBuilder::new(ui)
            .id_salt("people")
            .striped(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        use egui_extras::Column;
        let columns = [
            (t!("people.name"), Column::initial(170.0).clip(true)),
            ("".into(), Column::auto()),
            (t!("people.phone"), Column::initial(140.0)),
            (t!("people.city"), Column::initial(120.0).clip(true)),
            (
                t!("people.address"),
                Column::remainder().at_least(80.0).clip(true),
            ),
            (t!("people.orders"), Column::auto()),
            (t!("people.last"), Column::auto()),
        ];
        let mut doing = None;
        crate::ui::widgets::titled(&ctx, table, columns).body(|body| {
            body.rows(24.0, people.len(), |mut row| {
                let p = &people[row.index()];
                // Cut, whole on hover (a cut label says itself).
                let cut = |ui: &mut egui::Ui, text: &str| {
                    ui.add(egui::Label::new(text).truncate());
                };
                row.col(|ui| cut(ui, &p.name));
                row.col(|ui| {
                    crate::ui::widgets::dropdown::menu(ui, t!("people.actions"), |ui| {
                        if let Some(d) = actions(ui, p) {
                            doing = Some(d);
                            ui.close();
                        }
                    });
                });
                row.col(|ui| cut(ui, &p.phone));
                let city = p.city.and_then(|id| dirs?.city_name(id)).unwrap_or("");
                row.col(|ui| cut(ui, city));
                row.col(|ui| cut(ui, &p.address));
                row.col(|ui| {
                    ui.label(p.uses.to_string());
                });
                row.col(|ui| {
                    ui.label(crate::ui::widgets::status::when(p.last_at));
                });
            });
        });
        if doing.is_some() {
            self.doing = doing;
        }
    }

    /// The correction form, the merge picker or the question, over the list.
    fn doing(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        let Some(doing) = &mut self.doing else {
            return;
        };
        let mut close = false;
        match doing {
            Doing::Correcting { key, fixed, city } => {
                let id = egui::Id::unique(("correct person", key.as_str()));
                egui::Modal::new(id).show(ui.ctx(), |ui| {
                    ui.set_width(420.0);
                    ui.strong(t!("people.correct"));
                    for (label, value) in [
                        (t!("people.name"), &mut fixed.name),
                        (t!("people.phone"), &mut fixed.phone),
                        (t!("people.address"), &mut fixed.address),
                    ] {
                        let l = ui.label(label);
                        ui.text_edit_singleline(value).labelled_by(l.id);
                    }
                    let dirs = cx.desk.directories();
                    if city.show(ui, &t!("people.city"), &mut fixed.city, dirs, None) {
                        fixed.branch = None;
                    }
                    ui.horizontal(|ui| {
                        if ui.button(t!("people.save")).clicked() {
                            if store::person_key(&fixed.name, &fixed.phone).is_none() {
                                self.error = Some(crate::words!("people.needs_name_phone"));
                            } else if let Some(task) =
                                cx.desk.correct_person(key.clone(), fixed.clone())
                            {
                                self.sent = Some(Sent::Corrected(task, fixed.name.clone()));
                                close = true;
                            }
                        }
                        if ui.button(t!("people.cancel")).clicked() {
                            close = true;
                        }
                    });
                    if let Some(e) = &self.error {
                        ui.label(RichText::new(e).color(ERROR_COLOR));
                    }
                });
            }
            Doing::Merging { gone, search, kept } => {
                let id = egui::Id::unique(("merge person", gone.key.as_str()));
                let book = cx.desk.address_book();
                let shown = egui::Modal::new(id).show(ui.ctx(), |ui| {
                    ui.set_width(480.0);
                    ui.strong(t!("people.merge_into", gone = gone.name));
                    let l = ui.label(t!("people.merge_pick"));
                    ui.add(
                        egui::TextEdit::singleline(search)
                            .hint_text(t!("people.search"))
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(l.id);
                    let typed = if search.trim().is_empty() {
                        gone.name.as_str()
                    } else {
                        search.as_str()
                    };
                    let found: Vec<&Person> = book
                        .suggest(typed, 8)
                        .into_iter()
                        .filter(|p| p.key != gone.key)
                        .collect();
                    if found.is_empty() {
                        ui.weak(t!("people.no_match"));
                    }
                    for p in found {
                        let line = format!("{} · {} ({})", p.name, p.phone, p.uses);
                        let chosen = kept.as_ref().is_some_and(|k| k.key == p.key);
                        if ui.selectable_label(chosen, line).clicked() {
                            *kept = Some(p.clone());
                        }
                    }
                    ui.horizontal(|ui| {
                        let merge = match kept {
                            Some(k) => t!("people.merge_confirm", gone = gone.name, kept = k.name),
                            None => t!("people.merge"),
                        };
                        if ui
                            .add_enabled(kept.is_some(), egui::Button::new(merge))
                            .clicked()
                            && let Some(k) = kept.as_ref()
                            && let Some(task) =
                                cx.desk.merge_people(k.key.clone(), gone.key.clone())
                        {
                            let names = (gone.name.clone(), k.name.clone());
                            self.sent = Some(Sent::Merged(task, names.0, names.1));
                            close = true;
                        }
                        if ui.button(t!("people.cancel")).clicked() {
                            close = true;
                        }
                    });
                });
                close |= shown.should_close();
            }
            Doing::Forgetting {
                person,
                from_journal,
            } => {
                // A destructive question with a choice in it: "cancel" has the cursor, so
                // Enter never forgets anyone.
                let id = egui::Id::unique(("forget person", person.key.as_str()));
                let shown = egui::Modal::new(id).show(ui.ctx(), |ui| {
                    ui.set_width(440.0);
                    ui.label(RichText::new(t!("people.forget")).strong().size(16.0));
                    ui.add(egui::Label::new(t!("people.forget_ask", name = person.name)).wrap());
                    ui.checkbox(from_journal, t!("people.forget_journal"));
                    ui.horizontal(|ui| {
                        let yes = ui.button(t!("people.forget"));
                        let no = ui.button(t!("people.cancel"));
                        if ui.memory(|m| m.focused().is_none()) {
                            no.request_focus();
                        }
                        (yes.clicked(), no.clicked())
                    })
                    .inner
                });
                let (yes, no) = shown.inner;
                if yes {
                    let (key, name) = (person.key.clone(), person.name.clone());
                    if let Some(task) = cx.desk.forget_person(key, *from_journal) {
                        self.sent = Some(Sent::Forgot(task, name));
                    }
                }
                close = yes || no || shown.should_close();
            }
        }
        if close {
            self.doing = None;
            self.error = None;
        }
    }
}

impl Screen for AddressBookScreen {
    fn poll(&mut self, cx: &mut Cx) {
        let done: Option<Result<String, DeskError>> = match self.sent.take() {
            None => None,
            Some(Sent::Corrected(mut task, name)) => match task.poll() {
                Poll::Pending => {
                    self.sent = Some(Sent::Corrected(task, name));
                    None
                }
                Poll::Ready(r) => Some(r.map(|_| t!("people.saved", name = name).to_string())),
                Poll::Lost => None,
            },
            Some(Sent::Merged(mut task, gone, kept)) => match task.poll() {
                Poll::Pending => {
                    self.sent = Some(Sent::Merged(task, gone, kept));
                    None
                }
                Poll::Ready(r) => {
                    Some(r.map(|()| t!("people.merged", gone = gone, kept = kept).to_string()))
                }
                Poll::Lost => None,
            },
            Some(Sent::Forgot(mut task, name)) => match task.poll() {
                Poll::Pending => {
                    self.sent = Some(Sent::Forgot(task, name));
                    None
                }
                Poll::Ready(r) => Some(r.map(|n| match n {
                    0 => t!("people.forgot", name = name).to_string(),
                    n => t!("people.forgot_rows", name = name, n = n).to_string(),
                })),
                Poll::Lost => None,
            },
        };
        match done {
            Some(Ok(said)) => cx.toasts.info(said),
            Some(Err(e)) => {
                let told = tell_desk(&e);
                cx.toasts.error(told.message, told.details);
            }
            None => {}
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("people.title"));
        let l = ui.label(t!("people.search"));
        let search = ui
            .add(
                egui::TextEdit::singleline(&mut self.search)
                    .id_salt("people search")
                    .desired_width(360.0),
            )
            .labelled_by(l.id);
        if std::mem::take(&mut self.focus_search) {
            search.request_focus();
        }
        let (people, n) = self.listed(cx);
        if cx.desk.address_book().is_empty() {
            ui.label(RichText::new(t!("people.none")).weak());
        } else if people.is_empty() {
            ui.label(RichText::new(t!("people.no_match")).weak());
        } else {
            ui.label(RichText::new(t!("people.count", n = n)).weak());
            self.table(ui, cx, &people);
        }
        self.doing(ui, cx);
    }

    fn entered(&mut self, _cx: &mut Cx) {
        self.focus_search = true;
    }

    fn is_busy(&self) -> bool {
        self.sent.is_some()
    }
}

/// A person's actions (correct, merge, forget): what the clerk chose to do, if anything.
fn actions(ui: &mut egui::Ui, p: &Person) -> Option<Doing> {
    if ui.button(t!("people.correct")).clicked() {
        return Some(Doing::Correcting {
            key: p.key.clone(),
            fixed: Correction {
                name: p.name.clone(),
                phone: p.phone.clone(),
                city: p.city,
                address: p.address.clone(),
                branch: p.branch,
            },
            city: Box::new(CityPicker::new("person")),
        });
    }
    if ui.button(t!("people.merge")).clicked() {
        return Some(Doing::Merging {
            gone: p.clone(),
            search: String::new(),
            kept: None,
        });
    }
    if ui.button(t!("people.forget")).clicked() {
        return Some(Doing::Forgetting {
            person: p.clone(),
            from_journal: false,
        });
    }
    None
}
