//! International parcels: where one is now (typed or scanned number, the customs chain as a
//! timeline, with "cancelled by customs" as its branch), and the parcels this desk sent.

use crate::ui::frame::cx::Cx;
use crate::ui::frame::event::AppEvent;
use crate::ui::frame::screen::Screen;
use crate::ui::widgets::errors::told_desk;
use crate::ui::widgets::pickers::place_abroad;
use crate::ui::widgets::save_document::{SaveDocument, file_name, pdf};
use crate::ui::widgets::words::Words;
use crate::ui::widgets::{ERROR_COLOR, counted, entered, inline_field, titled};
use api::codes::ParcelStatus;
use api::international::ParcelTrack;
use desk::DeskError;
use desk::reference::directories::Directories;
use desk::task::{Task, any_running, ready};
use egui::RichText;
use egui_extras::{Column, TableBuilder};
use rust_i18n::t;
use store::{ParcelRow, ParcelState};

#[derive(Default)]
pub struct ParcelsScreen {
    pub number: String,
    tracking: Option<Task<Result<ParcelTrack, DeskError>>>,
    pub tracked: Option<ParcelTrack>,
    track_error: Option<Words>,
    listing: Option<Task<Result<Vec<ParcelRow>, DeskError>>>,
    /// The journal changed while it was being read: read it again when that read lands.
    stale: bool,
    pub rows: Vec<ParcelRow>,
    list_error: Option<Words>,
    paper: SaveDocument,
    printing: Option<Task<Result<(), desk::labels::printing::PrintProblem>>>,
}

/// A paper of one parcel the clerk asked for.
pub enum Paper {
    /// On the label printer.
    Print,
    /// The label as a PDF file.
    Label,
    /// The CN 23 declaration as a PDF file.
    Declaration,
}

/// The chain a parcel goes along; customs may end it at 130 instead.
const CHAIN: &[ParcelStatus] = &[
    ParcelStatus::AtSender,
    ParcelStatus::AtCustoms,
    ParcelStatus::OutOfCustoms,
    ParcelStatus::SortingCenter,
    ParcelStatus::AtReceiverOffice,
    ParcelStatus::CourierDelivering,
    ParcelStatus::Delivered,
];

const REFUSED_CHAIN: &[ParcelStatus] = &[
    ParcelStatus::AtSender,
    ParcelStatus::AtCustoms,
    ParcelStatus::CanceledByCustoms,
];

/// A parcel status in the clerk's language.
pub fn status_name(s: ParcelStatus) -> String {
    t!(format!("parcel_status.{}", s.code())).to_string()
}

impl ParcelsScreen {
    fn track(&mut self, cx: &mut Cx, number: String) {
        if number.trim().is_empty() {
            self.track_error = Some(crate::words!("parcels.type_number"));
            return;
        }
        self.number = number.trim().to_string();
        self.track_error = None;
        self.tracking = cx.desk.track_parcel(self.number.clone());
    }

    fn reload(&mut self, cx: &mut Cx) {
        if self.listing.is_some() {
            self.stale = true;
            return;
        }
        self.listing = cx.desk.parcel_list();
    }

    fn timeline(ui: &mut egui::Ui, track: &ParcelTrack) {
        let now = track.status.code;
        let chain = if now == ParcelStatus::CanceledByCustoms {
            REFUSED_CHAIN
        } else {
            CHAIN
        };
        let at = chain.iter().position(|s| *s == now).unwrap_or(0);
        ui.heading(format!("{} — {}", track.barcode, status_name(now)));
        // The service's own words, when they say more than the status's name.
        let said = track.status.message.trim();
        if !said.is_empty() && said != status_name(now) {
            ui.label(said);
        }
        for (i, step) in chain.iter().enumerate() {
            let mark = match i.cmp(&at) {
                std::cmp::Ordering::Less => "✔",
                std::cmp::Ordering::Equal => "●",
                std::cmp::Ordering::Greater => "○",
            };
            let text = format!("{mark}  {} · {}", step.code(), status_name(*step));
            let text = if i == at {
                RichText::new(text).strong()
            } else if i > at {
                RichText::new(text).weak()
            } else {
                RichText::new(text)
            };
            ui.label(text);
        }
    }

    /// The parcels' table; what the clerk asked of a row (track it, or one of its papers).
    /// The parcels; `unnamed_sender`: Settings name no shop as a sender (the CN 23 then has
    /// lines to write on, said beside its button); `dirs` name their cities abroad.
    pub fn table(
        &mut self,
        ui: &mut egui::Ui,
        unnamed_sender: bool,
        dirs: Option<&Directories>,
    ) -> (Option<String>, Option<(usize, Paper)>) {
        let mut track = None;
        let mut paper = None;
        let columns = [
            (t!("parcel.number"), Column::auto().at_least(140.0)),
            (
                t!("parcel.receiver"),
                Column::remainder().at_least(110.0).clip(true),
            ),
            // Not clipped: it grows to its longest city, taking the room from the receiver's.
            (t!("parcels.from"), Column::auto().at_least(110.0)),
            (t!("parcel.weight"), Column::auto().at_least(100.0)),
            (
                t!("parcels.status"),
                Column::auto().at_least(120.0).clip(true),
            ),
            (t!("parcels.action"), Column::auto().at_least(110.0)),
        ];
        let ctx = ui.ctx().clone();
        let table = TableBuilder::new(ui).striped(true);
        titled(&ctx, table, columns).body(|body| {
            // Only the rows in view are laid out, however many parcels there are.
            body.rows(22.0, self.rows.len(), |mut row| {
                let i = row.index();
                let r = &self.rows[i];
                {
                    row.col(|ui| {
                        // The number tracks the parcel: a button beside it did not leave the
                        // papers room in a 1024-pixel window in Russian.
                        let hint = t!("parcels.track_this");
                        // On one line (the column grows to it).
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                        if ui.link(&r.number).on_hover_text(hint).clicked() {
                            track = Some(r.number.clone());
                        }
                    });
                    row.col(|ui| {
                        ui.label(r.input.receiver_name());
                    });
                    row.col(|ui| {
                        if let Some(place) = r.extras.abroad {
                            // Whole, on one line: the column grows to it.
                            ui.add(egui::Label::new(place_abroad(dirs, place)).extend());
                        }
                    });
                    row.col(|ui| {
                        ui.label(crate::ui::widgets::numbers::kg_number(
                            r.input.weight.grams(),
                        ));
                    });
                    row.col(|ui| {
                        let status = match (r.state, &r.status) {
                            (ParcelState::Sending, _) => t!("parcels.sending").to_string(),
                            (_, Some((code, _))) => ParcelStatus::try_from(*code)
                                .map(status_name)
                                .unwrap_or_else(|_| code.to_string()),
                            (_, None) => String::new(),
                        };
                        ui.label(status);
                    });
                    row.col(|ui| {
                        ui.horizontal(|ui| {
                            // The papers in one menu: four buttons a row did not fit a
                            // 1024-pixel window in Russian or Uzbek.
                            crate::ui::widgets::dropdown::menu(ui, t!("parcels.papers"), |ui| {
                                for (what, kind) in [
                                    (t!("parcels.print_label"), Paper::Print),
                                    (t!("parcels.label_pdf"), Paper::Label),
                                    (t!("parcels.cn23_pdf"), Paper::Declaration),
                                ] {
                                    if ui.button(what).clicked() {
                                        paper = Some((i, kind));
                                        ui.close();
                                    }
                                }
                                if unnamed_sender {
                                    let said = RichText::new(t!("parcels.cn23_no_sender"));
                                    ui.add(egui::Label::new(said.weak().small()).wrap());
                                }
                            });
                        });
                    });
                }
            });
        });
        (track, paper)
    }

    fn save_paper(&mut self, cx: &mut Cx, row: usize, paper: Paper) {
        let Some(r) = self.rows.get(row) else {
            return;
        };
        let input = r.input.clone();
        let origins = r.extras.origins.clone();
        let abroad = r
            .extras
            .abroad
            .map(|p| place_abroad(cx.desk.directories(), p))
            .unwrap_or_default();
        let city = input
            .receiver_city_id
            .and_then(|id| cx.desk.directories()?.city(id))
            .map(|c| c.name.clone())
            .unwrap_or_default();
        let lang = cx.desk.settings().language;
        match paper {
            Paper::Print => {
                if self.printing.is_none() {
                    self.printing = Some(cx.desk.print_parcel_label(input, city));
                }
            }
            Paper::Label => {
                let name = file_name("parcel-label", &input.parcel_number);
                let dpi = cx.desk.settings().printing.dpi;
                self.paper.start(cx, &name, move || {
                    let page = label::documents::parcel_label(&input, &city, lang, dpi)
                        .map_err(|e| e.to_string())?;
                    pdf(&[page], &input.parcel_number)
                });
            }
            Paper::Declaration => {
                let name = file_name("cn23", &input.parcel_number);
                let from = cx.desk.settings().sender.declarant();
                self.paper.start(cx, &name, move || {
                    let pages = label::documents::customs_declaration(
                        &input, &city, &from, &origins, &abroad, lang,
                    );
                    pdf(&pages, &format!("CN 23 {}", input.parcel_number))
                });
            }
        }
    }
}

impl Screen for ParcelsScreen {
    fn entered(&mut self, cx: &mut Cx) {
        self.reload(cx);
    }

    fn on_event(&mut self, event: &AppEvent, cx: &mut Cx) {
        match event {
            AppEvent::ParcelsChanged => self.reload(cx),
            AppEvent::TrackParcel(number) => self.track(cx, number.clone()),
            // The service's words of the tracked status are in the language asked in: asked
            // again in the new one.
            AppEvent::LanguageChanged => {
                if let Some(number) = self.tracked.as_ref().map(|t| t.barcode.clone()) {
                    self.track(cx, number);
                }
            }
            _ => {}
        }
    }

    fn poll(&mut self, cx: &mut Cx) {
        self.paper.poll(cx);
        match ready(&mut self.printing) {
            Some(Ok(())) => cx.toasts.info(t!("parcels.printed")),
            Some(Err(e)) => {
                let told = crate::ui::widgets::errors::tell_print(&e);
                cx.toasts.error(told.message, told.details);
            }
            None => {}
        }
        match ready(&mut self.tracking) {
            Some(Ok(track)) => {
                self.tracked = Some(track);
                self.reload(cx);
            }
            Some(Err(e)) => {
                self.tracked = None;
                self.track_error = Some(told_desk(&e));
            }
            None => {}
        }
        match ready(&mut self.listing) {
            Some(Ok(rows)) => {
                self.rows = rows;
                self.list_error = None;
            }
            Some(Err(e)) => self.list_error = Some(told_desk(&e)),
            None => {}
        }
        if self.listing.is_none() && std::mem::take(&mut self.stale) {
            self.reload(cx);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx) {
        ui.heading(t!("parcels.title"));
        let mut go = None;
        ui.horizontal(|ui| {
            let r = inline_field(
                ui,
                &t!("parcels.barcode"),
                &mut self.number,
                "parcel-track",
                220.0,
            );
            let busy = self.tracking.is_some();
            if (ui
                .add_enabled(!busy, egui::Button::new(t!("parcels.track")))
                .clicked()
                || entered(ui, &r))
                && !busy
            {
                go = Some(self.number.clone());
            }
            if busy {
                ui.spinner();
            }
        });
        if let Some(e) = &self.track_error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        if let Some(track) = &self.tracked {
            ui.group(|ui| Self::timeline(ui, track));
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.strong(t!("parcels.mine"));
            if !self.rows.is_empty() {
                let n = self.rows.len();
                let said = t!(format!("manifest.parcels_n.{}", counted(n)), count = n);
                ui.label(RichText::new(said).weak());
            }
        });
        if let Some(e) = &self.list_error {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
        let mut paper = None;
        if self.rows.is_empty() {
            ui.label(t!("parcels.none"));
        } else {
            let unnamed = cx.desk.settings().sender.name.trim().is_empty();
            let (track, asked) = self.table(ui, unnamed, cx.desk.directories());
            if track.is_some() {
                go = track;
            }
            paper = asked;
        }
        if let Some((row, kind)) = paper {
            self.save_paper(cx, row, kind);
        }
        if let Some(number) = go {
            self.track(cx, number);
        }
    }

    fn is_busy(&self) -> bool {
        let s = self;
        any_running(&[&s.tracking, &s.listing, &s.paper, &s.printing])
    }
}
