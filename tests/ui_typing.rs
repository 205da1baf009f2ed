//! A clerk in a hurry never loses a keystroke, and a scanner never leaves one behind.
//!
//! Seeded runs drive the window's real input path (the scanner's gate, egui's focus, the form)
//! with a simulated clock: a whole order typed with random gaps of 0–300 ms between keys, the
//! next field clicked or tabbed to right after the last key, cities taken with Enter, and
//! Ctrl+Enter pressed 0–40 ms after the weight's last digit, on computers that draw a frame in
//! 4 to 40 ms. Every order the service then holds must carry exactly what was typed, the typed
//! weight and the price of that weight. Scans (8 to 16 digits at 2–30 ms a key, then Enter) must
//! open their order every time and leave nothing in the field that had the cursor.
//!
//! The shop knows the people of the runs before (the address book fills as orders are made), so
//! lists of known people open as the clerk types: a sender named as someone known begins, and
//! the next field is clicked or tabbed to after a pause of 0–3 s with the list open (nothing may
//! be picked, the name stays as typed); a known receiver is taken with Enter and the weight typed
//! 0–50 ms after it (every key lands in the weight); the count of pieces, filled in as 1, is
//! clicked and typed over (never appended to).
//!
//! The runs are split over a few tests so they share the machine's cores; `RUNS` and `SCANS` are
//! the totals. Against the twin in the production service's shapes (the second pass of
//! `tests/run`) a tenth of them run: the keyboard path is the same, only the names differ.

mod common;

use common::typist::{Rng, Typist};
use common::ui::{directories_read, log_in_with_enter};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use parcel_desk::api::codes::Delivery;
use parcel_desk::api::legacy::CalculateRequest;
use parcel_desk::api::{LegacyClient, Weight};
use parcel_desk::desk::Desk;
use parcel_desk::ui::tr;
use parcel_desk::ui::{DeskApp, ScreenId};

/// Orders typed by simulated clerks, in all.
const RUNS: u64 = 1000;
/// Scans, in all.
const SCANS: u64 = 500;
/// Tests the runs are split over.
const SHARDS: u64 = 4;

/// A field of the form, as the clerk meets it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Field {
    SenderName,
    SenderPhone,
    SenderAddress,
    ReceiverCity,
    ReceiverName,
    ReceiverPhone,
    ReceiverAddress,
    Weight,
    Pieces,
}

impl Field {
    fn label(self) -> String {
        tr(match self {
            Field::SenderName => "order.sender_name",
            Field::SenderPhone => "order.sender_phone",
            Field::SenderAddress => "order.sender_address",
            Field::ReceiverCity => "order.receiver_city",
            Field::ReceiverName => "order.receiver_name",
            Field::ReceiverPhone => "order.receiver_phone",
            Field::ReceiverAddress => "order.receiver_address",
            Field::Weight => "order.weight",
            Field::Pieces => "order.pieces",
        })
    }

    /// The field Tab goes to from this one, when it is another of these.
    fn tab_next(self) -> Option<Field> {
        match self {
            Field::SenderName => Some(Field::SenderPhone),
            Field::SenderPhone => Some(Field::SenderAddress),
            Field::ReceiverName => Some(Field::ReceiverPhone),
            _ => None,
        }
    }
}

/// Places the clerk sends to: what is typed, and the city that must be taken.
const DESTINATIONS: &[(&str, i64)] = &[
    ("Samarq", 101),
    ("Buxoro", 40),
    ("Nukus", 8),
    ("Termiz", 117),
    ("Andijon", 25),
    ("Qarshi", 66),
];

/// Letters a clerk types into names and addresses (Latin and Cyrillic, as customers' are).
const LETTERS: &[char] = &[
    'a', 'b', 'd', 'e', 'i', 'k', 'l', 'm', 'n', 'o', 'r', 's', 't', 'u', 'v', 'y', 'z', 'A', 'D',
    'K', 'N', 'S', 'T', 'а', 'и', 'к', 'о', 'р', 'с',
];

fn word(rng: &mut Rng, len: u64) -> String {
    (0..len).map(|_| *rng.pick(LETTERS)).collect()
}

fn name(rng: &mut Rng) -> String {
    let first = 2 + rng.below(7);
    let last = 2 + rng.below(7);
    format!("{} {}", word(rng, first), word(rng, last))
}

fn address(rng: &mut Rng) -> String {
    let street = 3 + rng.below(8);
    format!("{} {}", word(rng, street), 1 + rng.below(300))
}

fn phone(rng: &mut Rng) -> String {
    let digits: String = (0..7)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    match rng.below(3) {
        0 => format!("+998 9{} {digits}", rng.below(10)),
        1 => format!(
            "+998 9{} {}-{}-{}",
            rng.below(10),
            &digits[..3],
            &digits[3..5],
            &digits[5..]
        ),
        _ => format!("998 9{}{digits}", rng.below(10)),
    }
}

/// A weight as typed, and its grams.
fn weight(rng: &mut Rng) -> (String, u64) {
    let grams = 100 * (1 + rng.below(250));
    let (kg, rest) = (grams / 1000, grams % 1000);
    let text = match (rest, rng.below(2)) {
        (0, _) => kg.to_string(),
        (r, 0) => format!("{kg}.{}", format!("{r:03}").trim_end_matches('0')),
        (r, _) => format!("{kg},{}", format!("{r:03}").trim_end_matches('0')),
    };
    (text, grams)
}

/// One test's share of `total` runs.
fn share(total: u64) -> u64 {
    let total = if common::real_shapes() {
        total / 10
    } else {
        total
    };
    total / SHARDS
}

/// The window, logged in to its own twin, its directories read.
fn desk(env: &common::ui::Env) -> Harness<'static, DeskApp> {
    let desk: Desk = env.desk();
    let mut h = common::ui::harness(desk);
    log_in_with_enter(&mut h);
    directories_read(&mut h);
    h
}

/// A legacy client of the desk's own twin, for reading back what the service holds.
fn service(env: &common::ui::Env, h: &Harness<'static, DeskApp>) -> LegacyClient {
    let base = h.state().desk.twin_base().expect("demo twin");
    env.rt.block_on(async {
        let c = LegacyClient::new(
            common::url(&format!("{base}/legacy/index.php")),
            common::quick_config(),
        )
        .expect("client");
        c.get_token(common::demo_login()).await.expect("login");
        c
    })
}

/// Someone an earlier run made an order for: the shop knows them now.
#[derive(Debug, Clone)]
struct Known {
    name: String,
}

/// What one run typed, to be found again in the order.
#[derive(Debug)]
struct Typed {
    sender_name: String,
    sender_phone: String,
    sender_address: String,
    receiver_name: String,
    receiver_phone: String,
    receiver_address: String,
    receiver_city: i64,
    weight: String,
    grams: u64,
    /// The count of pieces typed over the 1 filled in (1 when left).
    pieces: i64,
    /// The receiver was a known person taken with Enter.
    picked: bool,
    /// How the receiver gets it (a known person's own way, when picked).
    receiver_delivery: Delivery,
    /// A known sender taken with Enter: their city and how they hand it over.
    sender_picked: Option<(Option<i64>, Delivery)>,
}

/// A gap between two keys of a hurried clerk: 0–300 ms, often very short.
fn key_gap(rng: &mut Rng) -> f64 {
    if rng.chance(40) {
        rng.ms(0, 40)
    } else {
        rng.ms(0, 300)
    }
}

/// One order, typed from the form as the last create left it (the sender's city stays).
fn type_order(t: &mut Typist, rng: &mut Rng, known: &[Known]) -> Typed {
    let (city_typed, city) = *rng.pick(DESTINATIONS);
    let (weight_text, grams) = weight(rng);
    // A sender named as someone the shop knows begins: their list stays open as the clerk
    // goes on.
    let sender_known = !known.is_empty() && rng.chance(30);
    let sender_name = match sender_known {
        true => first_word(&rng.pick(known).name),
        false => name(rng),
    };
    let mut typed = Typed {
        sender_name,
        sender_phone: phone(rng),
        sender_address: address(rng),
        receiver_name: name(rng),
        receiver_phone: phone(rng),
        receiver_address: address(rng),
        receiver_city: city,
        weight: weight_text,
        grams,
        pieces: 1,
        picked: false,
        receiver_delivery: Delivery::Courier,
        sender_picked: None,
    };
    // What never changes between orders of the run is set at a normal pace first: the package
    // and the kind of shipment, and delivery by courier.
    let (packages, kinds) = {
        let d = t.h.state().desk.directories().expect("directories");
        let names = |l: &[parcel_desk::api::directory::IdName]| {
            l.iter().take(3).map(|x| x.name.clone()).collect::<Vec<_>>()
        };
        (
            names(&d.data.packaging_types),
            names(&d.data.shipment_types),
        )
    };
    choose(t, &tr("order.package"), &packages, rng);
    choose(t, &tr("order.post_type"), &kinds, rng);
    t.click(0.2, &common::ui::receiver_courier(), 0);
    t.look(0.2);

    let mut order = vec![
        Field::SenderName,
        Field::SenderPhone,
        Field::SenderAddress,
        Field::ReceiverCity,
        Field::ReceiverName,
        Field::ReceiverPhone,
        Field::ReceiverAddress,
        Field::Weight,
    ];
    // Half the clerks go about the form in their own order (clicking fields above and left).
    if rng.chance(50) {
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
    }
    // A known sender, taken with Enter, and the receiver's name typed at once after it (it
    // begins with a capital: a capital typed where no field had the cursor was dropped).
    // A known person is taken in some runs (the book is waited for only then).
    let pickable = match rng.chance(40) {
        true => pickable(t, known),
        false => Vec::new(),
    };
    let sender_pick = !pickable.is_empty() && !sender_known && rng.chance(35);
    if sender_pick {
        order.retain(|f| {
            !matches!(
                f,
                Field::SenderName | Field::SenderPhone | Field::SenderAddress | Field::ReceiverName
            )
        });
        order.insert(0, Field::SenderName);
        order.insert(1, Field::ReceiverName);
        let mut name = typed.receiver_name.chars();
        typed.receiver_name = name
            .next()
            .map(|c| c.to_uppercase().chain(name).collect())
            .unwrap_or_default();
    }
    // A known receiver, taken with Enter: the clerk types the start of their name and Enter,
    // and the weight at once after it.
    let pick = !pickable.is_empty() && !sender_pick && rng.chance(60);
    if pick {
        // Its city, phone and address come with the person; the weight follows the Enter.
        order.retain(|f| {
            !matches!(
                f,
                Field::ReceiverCity
                    | Field::ReceiverPhone
                    | Field::ReceiverAddress
                    | Field::ReceiverName
            )
        });
        order.push(Field::ReceiverName);
    }
    // The weight is always last: Ctrl+Enter follows its last digit.
    order.retain(|f| *f != Field::Weight);
    order.push(Field::Weight);
    if rng.chance(20) {
        // The pieces' 1, clicked and typed over (before the known receiver and the weight).
        let before = order.len() - if pick { 2 } else { 1 };
        let at = rng.below(before as u64 + 1) as usize;
        order.insert(at, Field::Pieces);
    }

    let mut at: Option<Field> = None;
    let mut gap = rng.ms(150, 400);
    for field in order {
        let tabbed = at.and_then(Field::tab_next) == Some(field) && rng.chance(50);
        if tabbed {
            t.press(gap, Key::Tab, Modifiers::NONE);
        } else if at != Some(field) {
            t.click(gap, &field.label(), 0);
        }
        if field == Field::SenderName && sender_pick {
            let person = pick_known(t, rng, &pickable);
            typed.sender_name = person.name;
            typed.sender_phone = person.phone;
            typed.sender_address = person.address;
            typed.sender_picked = Some((person.city, person.delivery));
            // The cursor went on to the receiver's name: the clerk types it at once.
            at = Some(Field::ReceiverName);
            gap = rng.ms(0, 50);
            continue;
        }
        if field == Field::ReceiverName && pick {
            let person = pick_known(t, rng, &pickable);
            typed.receiver_name = person.name;
            typed.receiver_phone = person.phone;
            typed.receiver_address = person.address;
            typed.receiver_city = person.city.unwrap_or(typed.receiver_city);
            typed.receiver_delivery = person.delivery;
            typed.picked = true;
            // The cursor went on to the weight: the clerk types it at once.
            at = Some(Field::Weight);
            gap = rng.ms(0, 50);
            continue;
        }
        if field == Field::Weight && typed.picked && at == Some(Field::Weight) {
            t.type_text(&typed.weight.clone(), gap, || key_gap(rng));
            gap = rng.ms(0, 40);
            continue;
        }
        let text = match field {
            Field::Pieces => {
                typed.pieces = 2 + rng.below(4) as i64;
                typed.pieces.to_string()
            }
            Field::SenderName => typed.sender_name.clone(),
            Field::SenderPhone => typed.sender_phone.clone(),
            Field::SenderAddress => typed.sender_address.clone(),
            Field::ReceiverCity => city_typed.to_string(),
            Field::ReceiverName => typed.receiver_name.clone(),
            Field::ReceiverPhone => typed.receiver_phone.clone(),
            Field::ReceiverAddress => typed.receiver_address.clone(),
            Field::Weight => typed.weight.clone(),
        };
        let first = key_gap(rng);
        t.type_text(&text, first, || key_gap(rng));
        at = Some(field);
        if field == Field::ReceiverCity {
            // Enter takes the first suggestion and the cursor goes on to the receiver's name.
            let enter = key_gap(rng);
            t.press(enter, Key::Enter, Modifiers::NONE);
            at = Some(Field::ReceiverName);
        }
        // The next click or Tab comes right after the last key; after a known sender's name,
        // with their list open, a moment later (up to 3 s).
        gap = match field {
            Field::SenderName if sender_known => rng.ms(0, 3_000),
            _ => rng.ms(0, 40),
        };
    }
    // Ctrl+Enter right after the weight's last digit.
    t.press(rng.ms(0, 40), Key::Enter, Modifiers::COMMAND);
    typed
}

/// The first word of a name ("Aziz" of "Aziz Karimov").
fn first_word(name: &str) -> String {
    name.split(' ').next().unwrap_or(name).to_string()
}

/// The starts of known people's names (their first words) the address book finds someone by
/// now (it is read again a moment after each order, in the background: the people of the last
/// order or two may not be in it yet).
fn pickable(t: &mut Typist, known: &[Known]) -> Vec<String> {
    let desk = &t.h.state().desk;
    let mut starts: Vec<String> = known
        .iter()
        .rev()
        .take(40)
        .map(|k| first_word(&k.name))
        .filter(|w| !desk.suggest_people(w).is_empty())
        .collect();
    starts.dedup();
    starts
}

/// In the receiver's name: the start of a known person's name, then Enter, which takes the first
/// person the list offers (as the desk finds them: the one Enter takes). That person.
fn pick_known(t: &mut Typist, rng: &mut Rng, pickable: &[String]) -> parcel_desk::store::Person {
    let start = rng.pick(pickable).clone();
    t.type_text(&start, key_gap(rng), || key_gap(rng));
    t.settle();
    let offered = t.h.state().desk.suggest_people(&start);
    let first = offered
        .first()
        .cloned()
        .unwrap_or_else(|| panic!("someone known is offered for {start:?}"));
    t.press(key_gap(rng), Key::Enter, Modifiers::NONE);
    first
}

/// Opens a drop-down and takes one of `options`, at a normal pace.
fn choose(t: &mut Typist, combo: &str, options: &[String], rng: &mut Rng) {
    t.click(0.3, combo, 0);
    t.look(0.2);
    let option = rng.pick(options).clone();
    t.click(0.1, &option, 0);
    t.look(0.2);
}

/// Whether what the service holds is what was typed; the differences otherwise.
fn check_order(
    env: &common::ui::Env,
    service: &LegacyClient,
    order_id: i64,
    sender_city: i64,
    typed: &Typed,
) -> Result<(), String> {
    let got = env
        .rt
        .block_on(service.order_detail(order_id))
        .map_err(|e| format!("order {order_id} unreadable: {e}"))?;
    let c = &got.core;
    let mut wrong = Vec::new();
    let mut same = |what: &str, got: &str, typed: &str| {
        if got != typed {
            wrong.push(format!("{what}: {got:?}, typed {typed:?}"));
        }
    };
    same("sender name", &c.sender_real, &typed.sender_name);
    same("sender phone", &c.sender_phone, &typed.sender_phone);
    same("sender address", &c.sender_address, &typed.sender_address);
    same("receiver name", &c.receiver, &typed.receiver_name);
    same("receiver phone", &c.receiver_phone, &typed.receiver_phone);
    same(
        "receiver address",
        &c.receiver_address,
        &typed.receiver_address,
    );
    if c.receiver_city.id != Some(typed.receiver_city) {
        wrong.push(format!(
            "receiver city {:?}, meant {}",
            c.receiver_city.id, typed.receiver_city
        ));
    }
    if c.piece != typed.pieces {
        wrong.push(format!("pieces {}, typed {}", c.piece, typed.pieces));
    }
    if c.weight.grams() != typed.grams {
        wrong.push(format!(
            "weight {} g, typed {:?} ({} g)",
            c.weight.grams(),
            typed.weight,
            typed.grams
        ));
    }
    let price = env.rt.block_on(
        service.calculate(&CalculateRequest {
            sender_city_id: typed
                .sender_picked
                .and_then(|(city, _)| city)
                .unwrap_or(sender_city),
            receiver_city_id: typed.receiver_city,
            weight: Weight::from_grams(typed.grams),
            volume: None,
            sender_date: None,
            sender_delivery: Some(typed.sender_picked.map_or(Delivery::Office, |(_, d)| d)),
            receiver_delivery: Some(typed.receiver_delivery),
        }),
    );
    // The price route has no pieces; the twin adds 4 000 for each piece past the first when
    // the order is made.
    let extra = parcel_desk::api::Sum((typed.pieces - 1) * 4_000);
    match price {
        Ok(p) if p.summary_price.0 + extra.0 == c.cost.0 => {}
        Ok(p) => wrong.push(format!(
            "cost {}, the typed weight costs {} and its extra pieces {extra}",
            c.cost, p.summary_price
        )),
        Err(e) => wrong.push(format!("no price: {e}")),
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("; "))
    }
}

/// The form's field errors, to say why an order was not sent.
fn form_errors(h: &Harness<'static, DeskApp>) -> String {
    use egui_kittest::kittest::{NodeT, Queryable};
    h.query_all(egui_kittest::kittest::by())
        .filter_map(|n| {
            let node = n.accesskit_node();
            Some(format!("{}={:?}", node.label()?, node.value()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `count` orders typed by clerks of seeds `first..`.
fn typed_orders(shard: u64) {
    let env = common::ui::Env::new(&format!("typing-{shard}"));
    let mut h = desk(&env);
    let service = service(&env, &h);
    let per = share(RUNS);
    let mut t_now = 1000.0;
    // The counter's own city, typed once: it stays between orders.
    {
        let mut rng = Rng::new(shard);
        let mut t = Typist::new(&mut h, t_now, 0.016);
        t.click(0.2, &tr("order.sender_city"), 0);
        t.type_text("Chilonzor", 0.1, || rng.ms(20, 200));
        t.press(0.1, Key::Enter, Modifiers::NONE);
        t.look(0.2);
        t_now = t.t + 1.0;
    }
    let sender_city = h
        .state()
        .order_form()
        .and_then(|f| f.draft.sender.city)
        .expect("the sender's city taken");
    assert_eq!(sender_city, 197, "Chilonzor");
    let mut failures = Vec::new();
    let mut known: Vec<Known> = Vec::new();
    for run in 0..per {
        let seed = shard * per + run;
        let mut rng = Rng::new(seed + 7);
        let period = rng.ms(4, 40);
        let before = h.state().open_order();
        let mut t = Typist::new(&mut h, t_now, period);
        let typed = type_order(&mut t, &mut rng, &known);
        let mut created = None;
        t.wait_for(|h| {
            let s = h.state();
            if s.screen() == ScreenId::OrderDetail && s.open_order() != before && !s.is_busy() {
                created = s.open_order();
                return true;
            }
            // Still on the form, nothing under way, and it says what is wrong: not sent.
            s.screen() == ScreenId::NewOrder
                && !s.is_busy()
                && s.order_form().is_some_and(|f| f.has_errors())
        });
        t_now = t.t + 1.0;
        match created {
            Some(id) => {
                if let Err(e) = check_order(&env, &service, id, sender_city, &typed) {
                    failures.push(format!("seed {seed}: {e}"));
                }
                for name in [&typed.sender_name, &typed.receiver_name] {
                    known.push(Known { name: name.clone() });
                }
            }
            None => {
                failures.push(format!(
                    "seed {seed}: not sent; typed {typed:?}; the window shows {}",
                    form_errors(&h)
                ));
                // What this form holds now would spoil every run after it.
                break;
            }
        }
        // Back to the form for the next order.
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        h.step();
        h.step();
    }
    assert!(
        failures.is_empty(),
        "{} of {per} runs wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The text each field of the form holds, by its label.
fn field_texts(h: &Harness<'static, DeskApp>) -> Vec<(String, String)> {
    use egui_kittest::kittest::{NodeT, Queryable};
    h.query_all(egui_kittest::kittest::by())
        .filter_map(|n| {
            let node = n.accesskit_node();
            Some((node.label()?, node.value()?))
        })
        .collect()
}

/// Scans of orders at the counter: a field of the form has the cursor (or none has), with text
/// the clerk typed a moment before; the scanner types the barcode at 2–30 ms a key and Enter.
fn scans(shard: u64) {
    let env = common::ui::Env::new(&format!("scans-{shard}"));
    let mut h = desk(&env);
    let orders: Vec<(i64, String)> = (0..4)
        .map(|_| {
            let row = common::ui::create_sample_order(&h);
            (row.order_id, row.barcode().to_string())
        })
        .collect();
    let fields = [
        Field::SenderName,
        Field::SenderAddress,
        Field::ReceiverName,
        Field::ReceiverAddress,
        Field::ReceiverPhone,
        Field::Weight,
    ];
    let per = share(SCANS);
    let mut t_now = 1000.0;
    let mut failures = Vec::new();
    for run in 0..per {
        let seed = shard * per + run;
        let mut rng = Rng::new(seed + 1_000_003);
        let period = rng.ms(4, 40);
        let (order_id, barcode) = rng.pick(&orders).clone();
        let mut t = Typist::new(&mut h, t_now, period);
        // The clerk was typing somewhere, or nowhere.
        if rng.chance(80) {
            let field = *rng.pick(&fields);
            t.click(0.3, &field.label(), 0);
            let len = 1 + rng.below(4);
            let typed = word(&mut rng, len);
            t.type_text(&typed, 0.2, || 0.12);
        } else {
            t.press(0.3, Key::Escape, Modifiers::NONE);
        }
        t.look(0.3);
        let before = field_texts(t.h);
        // The scanner: a key every 2–30 ms, then Enter.
        let mut key_gap = || rng.ms(2, 30);
        let first = key_gap();
        t.type_text(&barcode, first, &mut key_gap);
        let enter = key_gap();
        t.press(enter, Key::Enter, Modifiers::NONE);
        let opened = t.wait_for(|h| {
            let s = h.state();
            s.screen() == ScreenId::OrderDetail && s.open_order() == Some(order_id) && !s.is_busy()
        });
        t_now = t.t + 1.0;
        if !opened {
            failures.push(format!("seed {seed}: {barcode} did not open its order"));
        }
        // Back to the form: every field as it was before the scan.
        h.key_press_modifiers(Modifiers::COMMAND, Key::N);
        h.step();
        h.step();
        h.step();
        let after = field_texts(&h);
        let changed: Vec<String> = before
            .iter()
            .filter(|b| !after.contains(b))
            .map(|(label, value)| format!("{label} was {value:?}"))
            .collect();
        if !changed.is_empty() {
            failures.push(format!(
                "seed {seed}: after scanning {barcode}: {}",
                changed.join(", ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {per} scans wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn scans_0() {
    scans(0);
}

#[test]
fn scans_1() {
    scans(1);
}

#[test]
fn scans_2() {
    scans(2);
}

#[test]
fn scans_3() {
    scans(3);
}

#[test]
fn typed_orders_0() {
    typed_orders(0);
}

#[test]
fn typed_orders_1() {
    typed_orders(1);
}

#[test]
fn typed_orders_2() {
    typed_orders(2);
}

#[test]
fn typed_orders_3() {
    typed_orders(3);
}
