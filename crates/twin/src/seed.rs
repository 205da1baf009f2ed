//! The twin's reference data: deterministic, the same on every start.
//!
//! 14 regions with legacy ids 2..15 and current 2-digit codes, 220 real cities and districts of
//! Uzbekistan (ids 1..220, the published ids pinned: 101 Tashkent, 45 Samarkand, ...), branches
//! with addresses, coordinates, phones and opening hours, shipment and packaging types, countries
//! and the status lists of all three generations. Names exist in Uzbek Latin and Russian; English
//! falls back to Uzbek for place names.

use api::codes::{Language, LegacyStatus, OrderStatus, ParcelStatus};
use api::directory::{DayHours, WorkingHours};
use text::translit::cyrillic_to_latin;

/// A name in the three languages of the `language` header.
#[derive(Debug, Clone)]
pub struct Name {
    pub uz: String,
    pub ru: String,
    pub en: String,
}

impl Name {
    pub fn new(uz: &str, ru: &str, en: &str) -> Name {
        Name {
            uz: uz.into(),
            ru: ru.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Language) -> &str {
        match lang {
            Language::Uz => &self.uz,
            Language::Ru => &self.ru,
            Language::En => &self.en,
        }
    }
}

#[derive(Debug, Clone)]
pub struct SeedRegion {
    pub id: i64,
    pub code: &'static str,
    pub name: Name,
    /// Pricing zone group: 0 Tashkent hub, 1 Fergana valley, 2 centre/south, 3 west.
    pub group: u8,
    pub center: (f64, f64),
    pub phone_area: &'static str,
}

#[derive(Debug, Clone)]
pub struct SeedCity {
    pub id: i64,
    pub region_id: i64,
    pub code: String,
    pub name: Name,
}

#[derive(Debug, Clone)]
pub struct SeedBranch {
    pub id: i64,
    pub code: String,
    pub region_id: i64,
    pub city_id: i64,
    pub name: Name,
    pub address: String,
    /// The address in Russian, as production's branch directory writes it (`address_ru`).
    pub address_ru: String,
    pub lat_long: String,
    pub phone: String,
    pub video_link: String,
    pub hours: WorkingHours,
}

#[derive(Debug, Clone)]
pub struct SeedCountry {
    pub id: i64,
    pub code: Option<&'static str>,
    pub name: Name,
    /// International pricing zone, 1 (near) .. 4 (far).
    pub zone: u8,
}

/// A city abroad: its id, its country's id, its names, a street and a phone prefix there.
#[derive(Debug, Clone)]
pub struct SeedAbroadCity {
    pub id: i64,
    pub country: i64,
    pub name: Name,
    pub street: &'static str,
    pub dial: &'static str,
}

/// Every city abroad of the table, in its order, under ids that never change.
fn abroad_cities() -> Vec<SeedAbroadCity> {
    crate::abroad_seed::CITIES
        .iter()
        .map(|&(country, n, uz, ru, en, street, dial)| SeedAbroadCity {
            id: 10_000 + country * 100 + n,
            country,
            name: Name::new(uz, ru, en),
            street,
            dial,
        })
        .collect()
}

pub struct Seed {
    pub regions: Vec<SeedRegion>,
    pub cities: Vec<SeedCity>,
    pub branches: Vec<SeedBranch>,
    pub shipment_types: Vec<(i64, Name)>,
    pub packaging_types: Vec<(i64, Name)>,
    pub countries: Vec<SeedCountry>,
    pub abroad_cities: Vec<SeedAbroadCity>,
}

impl Seed {
    pub fn region(&self, id: i64) -> Option<&SeedRegion> {
        self.regions.iter().find(|r| r.id == id)
    }

    pub fn city(&self, id: i64) -> Option<&SeedCity> {
        // The table has gaps (153, 202–215): found by id, not by place.
        let at = self.cities.binary_search_by_key(&id, |c| c.id).ok()?;
        self.cities.get(at)
    }

    pub fn city_by_code(&self, code: &str) -> Option<&SeedCity> {
        self.cities.iter().find(|c| c.code == code)
    }

    pub fn branch(&self, id: i64) -> Option<&SeedBranch> {
        self.branches.iter().find(|b| b.id == id)
    }

    pub fn branch_by_code(&self, code: &str) -> Option<&SeedBranch> {
        self.branches.iter().find(|b| b.code == code)
    }

    pub fn branches_of_city(&self, city_id: i64) -> impl Iterator<Item = &SeedBranch> {
        self.branches.iter().filter(move |b| b.city_id == city_id)
    }

    pub fn shipment_type(&self, id: i64) -> Option<&Name> {
        self.shipment_types
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n)
    }

    /// Packaging types; 90 and 91 exist only on the current interface.
    pub fn packaging_type(&self, id: i64) -> Option<&Name> {
        self.packaging_types
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, n)| n)
    }

    pub fn country(&self, id: i64) -> Option<&SeedCountry> {
        self.countries.iter().find(|c| c.id == id)
    }

    /// A city abroad by its id.
    pub fn abroad_city(&self, id: i64) -> Option<&SeedAbroadCity> {
        self.abroad_cities.iter().find(|c| c.id == id)
    }

    pub fn build() -> Seed {
        let regions = regions();
        let cities = cities();
        let branches = branches(&regions, &cities);
        Seed {
            regions,
            cities,
            branches,
            shipment_types: named(SHIPMENT_TYPES.iter().copied()),
            packaging_types: named(
                PACKAGING_TYPES
                    .iter()
                    .map(|&(id, uz, ru, en, _)| (id, uz, ru, en)),
            ),
            countries: countries(),
            abroad_cities: abroad_cities(),
        }
    }
}

/// id, current code, Uzbek, Russian, English, pricing group, centre (lat, lng), phone area code,
/// the real city id of the region's centre (Tashkent city has none: it is its districts).
#[rustfmt::skip]
type RegionRow = (i64, &'static str, &'static str, &'static str, &'static str, u8, (f64, f64), &'static str, Option<i64>);

#[rustfmt::skip]
const REGIONS: &[RegionRow] = &[
    (2, "60", "Andijon viloyati", "Андижанская область", "Andijan region", 1, (40.7821, 72.3442), "74", Some(25)),
    (3, "50", "Namangan viloyati", "Наманганская область", "Namangan region", 1, (40.9983, 71.6726), "69", Some(90)),
    (4, "90", "Xorazm viloyati", "Хорезмская область", "Khorezm region", 3, (41.5500, 60.6333), "62", Some(179)),
    (5, "10", "Toshkent viloyati", "Ташкентская область", "Tashkent region", 0, (41.0436, 69.3575), "70", Some(7)),
    (6, "01", "Toshkent shahri", "город Ташкент", "Tashkent city", 0, (41.2995, 69.2401), "71", None),
    (7, "80", "Buxoro viloyati", "Бухарская область", "Bukhara region", 2, (39.7747, 64.4286), "65", Some(40)),
    (8, "30", "Samarqand viloyati", "Самаркандская область", "Samarkand region", 2, (39.6542, 66.9597), "66", Some(101)),
    (9, "25", "Jizzax viloyati", "Джизакская область", "Jizzakh region", 0, (40.1158, 67.8422), "72", Some(57)),
    (10, "85", "Navoiy viloyati", "Навоийская область", "Navoi region", 2, (40.0844, 65.3792), "79", Some(80)),
    (11, "95", "Qoraqalpogʻiston Respublikasi", "Республика Каракалпакстан", "Karakalpakstan", 3, (42.4531, 59.6103), "61", Some(8)),
    (12, "20", "Sirdaryo viloyati", "Сырдарьинская область", "Sirdaryo region", 0, (40.4897, 68.7842), "67", Some(131)),
    (13, "75", "Surxondaryo viloyati", "Сурхандарьинская область", "Surkhandarya region", 2, (37.2242, 67.2783), "76", Some(117)),
    (14, "70", "Qashqadaryo viloyati", "Кашкадарьинская область", "Kashkadarya region", 2, (38.8606, 65.7847), "75", Some(66)),
    (15, "40", "Fargʻona viloyati", "Ферганская область", "Fergana region", 1, (40.3864, 71.7864), "73", Some(160)),
];

fn regions() -> Vec<SeedRegion> {
    REGIONS
        .iter()
        .map(
            |&(id, code, uz, ru, en, group, center, phone_area, _)| SeedRegion {
                id,
                code,
                name: Name::new(uz, ru, en),
                group,
                center,
                phone_area,
            },
        )
        .collect()
}

/// The region that is Tashkent city (its cities are the city's districts).
pub const TASHKENT_CITY: i64 = 6;

/// Whether a city is its region's centre.
pub fn is_centre(city_id: i64) -> bool {
    REGIONS.iter().any(|&(.., centre)| centre == Some(city_id))
}

/// The cities of the real table in id order. The Uzbek name is served in Latin script (as the
/// desk speaks Uzbek); the 4-digit code of the current interface is the region's code and the
/// city's place among its region's cities.
fn cities() -> Vec<SeedCity> {
    let regions = regions();
    let mut out: Vec<SeedCity> = Vec::new();
    for known in api::known_places::cities() {
        let Some(region_id) = known.region_id else {
            continue;
        };
        let region_code = regions
            .iter()
            .find(|r| r.id == region_id)
            .map(|r| r.code)
            .unwrap_or("00");
        let place = out.iter().filter(|c| c.region_id == region_id).count() + 1;
        out.push(SeedCity {
            id: known.id,
            region_id,
            code: format!("{region_code}{place:02}"),
            // An English column left in Cyrillic (id 134, as found) is at least read in Latin.
            name: Name::new(
                &cyrillic_to_latin(known.uz),
                known.ru,
                &cyrillic_to_latin(known.en),
            ),
        });
    }
    out.sort_by_key(|c| c.id);
    out
}

/// Streets of the branches' addresses, in Uzbek and in Russian.
const STREETS: &[(&str, &str)] = &[
    ("Amir Temur koʻchasi", "ул. Амира Темура"),
    ("Mustaqillik koʻchasi", "ул. Мустакиллик"),
    ("Navoiy koʻchasi", "ул. Навои"),
    ("Bobur koʻchasi", "ул. Бабура"),
    ("Alisher Navoiy shoh koʻchasi", "пр. Алишера Навои"),
    ("Mirzo Ulugʻbek koʻchasi", "ул. Мирзо Улугбека"),
    ("Istiqlol koʻchasi", "ул. Истиклол"),
    ("Gʻafur Gʻulom koʻchasi", "ул. Гафура Гуляма"),
    ("Bunyodkor shoh koʻchasi", "пр. Бунёдкор"),
    ("Ibn Sino koʻchasi", "ул. Ибн Сины"),
];

fn hours_pattern(n: usize) -> WorkingHours {
    let open = |a: u16, b: u16| {
        Some(DayHours::Open {
            from: a * 60,
            to: b * 60,
        })
    };
    // Weekdays alike, Saturday its own, Sunday closed.
    let week = |weekday, saturday| {
        WorkingHours([weekday, weekday, weekday, weekday, weekday, saturday, None])
    };
    match n % 4 {
        0 => week(open(9, 18), open(9, 14)),
        1 => WorkingHours([open(8, 20); 7]),
        2 => WorkingHours([Some(DayHours::AllDay); 7]),
        _ => week(open(9, 19), open(9, 19)),
    }
}

fn branches(regions: &[SeedRegion], cities: &[SeedCity]) -> Vec<SeedBranch> {
    let mut out = Vec::new();
    for city in cities {
        let region = regions.iter().find(|r| r.id == city.region_id);
        let Some(region) = region else { continue };
        let nth: usize = city.code[2..].parse::<usize>().unwrap_or(1) - 1;
        // A region's centre has three offices, another town or a district of Tashkent two;
        // every fifth district has no office of its own: the clerk must pick a courier there.
        let town = city.name.en.ends_with(" city") || city.region_id == TASHKENT_CITY;
        let count = if is_centre(city.id) {
            3
        } else if town {
            2
        } else if nth % 5 == 4 {
            0
        } else {
            1
        };
        for k in 0..count {
            let id = out.len() as i64 + 1;
            let suffix_uz = if count > 1 {
                format!(" {}-filial", k + 1)
            } else {
                " filiali".to_string()
            };
            let suffix_ru = if count > 1 {
                format!(" — отделение №{}", k + 1)
            } else {
                " — отделение".to_string()
            };
            let (street, street_ru) = STREETS[(id as usize * 7) % STREETS.len()];
            let house = 3 + (id * 11) % 140;
            let dlat = ((id * 37) % 200 - 100) as f64 / 4000.0;
            let dlng = ((id * 53) % 200 - 100) as f64 / 4000.0;
            let (lat, lng) = (
                region.center.0 + dlat + nth as f64 * 0.05,
                region.center.1 + dlng + nth as f64 * 0.04,
            );
            out.push(SeedBranch {
                id,
                code: format!("{:04}", id),
                region_id: city.region_id,
                city_id: city.id,
                name: Name::new(
                    &format!("{}{}", city.name.uz, suffix_uz),
                    &format!("{}{}", city.name.ru, suffix_ru),
                    &format!(
                        "{} branch{}",
                        city.name.en,
                        if count > 1 {
                            format!(" {}", k + 1)
                        } else {
                            String::new()
                        }
                    ),
                ),
                address: format!("{}, {street} {house}-uy", city.name.uz),
                address_ru: format!("{}, {street_ru}, д. {house}", city.name.ru),
                lat_long: format!("{lat:.6},{lng:.6}"),
                phone: format!(
                    "+998 {} {:07}",
                    region.phone_area,
                    2_000_000 + id * 1031 % 7_000_000
                ),
                video_link: if id % 3 == 0 {
                    format!("https://video.example/branch/{id}")
                } else {
                    String::new()
                },
                hours: hours_pattern(id as usize),
            });
        }
    }
    out
}

/// A directory entry: id, Uzbek, Russian, English.
type NameRow = (i64, &'static str, &'static str, &'static str);

/// The entries of a table of names, as the seed keeps them.
fn named(rows: impl IntoIterator<Item = NameRow>) -> Vec<(i64, Name)> {
    rows.into_iter()
        .map(|(id, uz, ru, en)| (id, Name::new(uz, ru, en)))
        .collect()
}

/// Shipment types: id, Uzbek, Russian, English.
#[rustfmt::skip]
const SHIPMENT_TYPES: &[NameRow] = &[
    (4, "Hujjatlar", "Документы", "Documents"),
    (5, "Ehtiyot qismlar", "Запчасти", "Spare parts"),
    (6, "Dori-darmonlar", "Медикаменты", "Medications"),
    (7, "Ofis jihozlari", "Оргтехника", "Office equipment"),
    (8, "Kitoblar", "Книги", "Books"),
    (9, "Shisha buyumlar", "Стеклянные изделия", "Glassware"),
    (10, "Reklama materiallari", "Рекламные материалы", "Advertising materials"),
    (11, "Kiyim-kechak va poyabzal", "Одежда и обувь", "Clothing and footwear"),
    (12, "Mobil telefon", "Мобильный телефон", "Mobile phone"),
    (13, "Pasport", "Паспорт", "Passport"),
    (14, "Atir-upa", "Парфюмерия", "Perfume"),
    (15, "Oziq-ovqat mahsulotlari", "Продукты", "Products"),
    (16, "Kimyoviy moddalar", "Химикаты", "Chemicals"),
    (17, "Protezlar (tish)", "Протезы (зубные)", "Prostheses (teeth)"),
    (18, "Urugʻlar", "Семена", "Seeds"),
    (19, "Plastik karta", "Пластиковая карта", "Plastic card"),
    (20, "Muhr", "Печать", "Seal"),
    (21, "Santexnika", "Сантехника", "Plumbing"),
    (22, "Mebel", "Мебель", "Furniture"),
    (23, "Tibbiy asboblar", "Медицинские инструменты", "Medical instruments"),
    (24, "Mato - material", "Ткань - материал", "Fabric - material"),
    (25, "Uskunalar", "Оборудование", "Equipment"),
    (26, "Kanselyariya tovarlari", "Канцтовары", "Stationery"),
    (27, "Roʻzgʻor buyumlari", "Хозяйственные товары", "Household goods"),
    (28, "Oʻyinchoqlar", "Игрушки", "Toys"),
    (29, "Zargarlik buyumlari", "Ювелирные изделия", "Jewelry"),
    (30, "Kosmetika", "Косметика", "Cosmetics"),
    (31, "Maishiy texnika", "Бытовая техника", "Home appliances"),
    (32, "Quritilgan mevalar", "Сухофрукты", "Dried fruits"),
    (33, "Qurilish materiallari", "Стройматериалы", "Building materials"),
];

/// Packaging types: id, Uzbek, Russian, English, and whether the legacy interface knows it too
/// (90 and 91 are the current interface's own).
#[rustfmt::skip]
const PACKAGING_TYPES: &[(i64, &str, &str, &str, bool)] = &[
    (4, "Qop", "Мешок", "Bag", true),
    (5, "Konteyner", "Контейнер", "Container", true),
    (6, "Konvert", "Конверт", "Envelope", true),
    (7, "Quti", "Коробка", "Box", true),
    (8, "Xizmat paketlari", "Служебные пакеты", "Service packages", true),
    (9, "Qadoqsiz", "Без упаковки", "Without packaging", true),
    (10, "Zavod qadogʻi", "Заводская упаковка", "Factory packaging", true),
    (90, "Yogʻoch yashik", "Деревянный ящик", "Wooden crate", false),
    (91, "Qora paket", "Чёрный пакет", "Black bag", false),
];

/// Packaging ids of the legacy interface (the current one adds its own).
pub fn is_legacy_packaging(id: i64) -> bool {
    PACKAGING_TYPES
        .iter()
        .any(|&(i, .., legacy)| i == id && legacy)
}

fn countries() -> Vec<SeedCountry> {
    /// id, ISO code, Uzbek, Russian, English, zone.
    #[rustfmt::skip]
    type Row = (i64, Option<&'static str>, &'static str, &'static str, &'static str, u8);
    #[rustfmt::skip]
    const T: &[Row] = &[
        (1, Some("RU"), "Rossiya", "Россия", "Russia", 2),
        (2, Some("KZ"), "Qozogʻiston", "Казахстан", "Kazakhstan", 1),
        (3, Some("KG"), "Qirgʻiziston", "Кыргызстан", "Kyrgyzstan", 1),
        (4, Some("TJ"), "Tojikiston", "Таджикистан", "Tajikistan", 1),
        (5, Some("TM"), "Turkmaniston", "Туркменистан", "Turkmenistan", 1),
        (6, Some("TR"), "Turkiya", "Турция", "Turkey", 2),
        (7, Some("AE"), "Birlashgan Arab Amirliklari", "ОАЭ", "United Arab Emirates", 3),
        (8, Some("CN"), "Xitoy", "Китай", "China", 3),
        (9, Some("KR"), "Janubiy Koreya", "Южная Корея", "South Korea", 3),
        (10, Some("DE"), "Germaniya", "Германия", "Germany", 3),
        (11, Some("US"), "AQSH", "США", "United States", 4),
        (12, Some("GB"), "Buyuk Britaniya", "Великобритания", "United Kingdom", 3),
        (13, Some("PL"), "Polsha", "Польша", "Poland", 3),
        (14, Some("LV"), "Latviya", "Латвия", "Latvia", 3),
        (15, Some("LT"), "Litva", "Литва", "Lithuania", 3),
        (16, Some("IL"), "Isroil", "Израиль", "Israel", 3),
        (17, Some("JP"), "Yaponiya", "Япония", "Japan", 4),
        (18, Some("IN"), "Hindiston", "Индия", "India", 3),
        (19, Some("AZ"), "Ozarbayjon", "Азербайджан", "Azerbaijan", 2),
        (20, Some("GE"), "Gruziya", "Грузия", "Georgia", 2),
        (21, Some("BY"), "Belarus", "Беларусь", "Belarus", 2),
        (22, Some("UA"), "Ukraina", "Украина", "Ukraine", 2),
        (23, None, "Kosovo", "Косово", "Kosovo", 3),
        (24, Some(""), "Boshqa davlatlar", "Другие страны", "Other countries", 4),
        (25, Some("CA"), "Kanada", "Канада", "Canada", 4),
    ];
    T.iter()
        .map(|(id, code, uz, ru, en, zone)| SeedCountry {
            id: *id,
            code: *code,
            name: Name::new(uz, ru, en),
            zone: *zone,
        })
        .collect()
}

/// Status names (Uzbek, Russian) the three generations of statuses share, said once.
const AT_SENDER: (&str, &str) = ("Joʻnatuvchida", "У отправителя");
const COURIER_ACCEPTED: (&str, &str) = ("Kuryer qabul qildi", "Курьер принял");
const AT_SENDING_OFFICE: (&str, &str) = ("Joʻnatish filialida", "В отделении отправки");
const AT_SORTING_CENTRE: (&str, &str) = ("Saralash markazida", "В сортировочном центре");
const ON_THE_WAY: (&str, &str) = ("Yoʻlda", "В пути");
const AT_DELIVERY_OFFICE: (&str, &str) = ("Yetkazish filialida", "В отделении доставки");
const COURIER_DELIVERING: (&str, &str) = ("Kuryer yetkazmoqda", "Курьер доставляет");
const DELIVERED: (&str, &str) = ("Yetkazildi", "Доставлено");

/// Names of the current interface's statuses.
pub fn order_status_name(s: OrderStatus, lang: Language) -> String {
    use OrderStatus::*;
    let (uz, ru) = match s {
        AtSender => AT_SENDER,
        CourierAccepted => COURIER_ACCEPTED,
        AtSendingOffice => AT_SENDING_OFFICE,
        InternalTransport => ("Ichki transportda", "Во внутреннем транспорте"),
        SortingCenter => AT_SORTING_CENTRE,
        InBag => ("Logistika qopida", "В логистическом мешке"),
        InTransport => ON_THE_WAY,
        AtDeliveryOffice => AT_DELIVERY_OFFICE,
        CourierDelivering => COURIER_DELIVERING,
        Delivered => DELIVERED,
        Deleted => ("Oʻchirildi", "Удалено"),
        Expired => ("Buyurtma muddati tugadi", "Срок заказа истёк"),
    };
    pick(lang, uz, ru, s.label())
}

/// Names of the legacy statuses.
pub fn legacy_status_name(s: LegacyStatus, lang: Language) -> String {
    use LegacyStatus::*;
    let (uz, ru) = match s {
        Draft => ("Qoralama", "Черновик"),
        Refused => ("Bekor qilingan", "Отменён"),
        AtSender => AT_SENDER,
        CourierAccepted => COURIER_ACCEPTED,
        AtSendingOffice => AT_SENDING_OFFICE,
        AtDeliveryOffice => AT_DELIVERY_OFFICE,
        CourierDelivering => COURIER_DELIVERING,
        Delivered => DELIVERED,
        Return => ("Qaytarildi", "Возврат"),
        AtIntermediateOffice => ("Oraliq filialda", "В промежуточном отделении"),
        SortingCenter => ("Saralash markazi", "Сортировочный центр"),
        InWarehouse => ("Omborda", "На складе"),
        InBag => ("Qopda", "В мешке"),
        InTransit => ON_THE_WAY,
        AtCourierCenter => (
            "Kuryer taqsimlash markazida",
            "В курьерском распределительном центре",
        ),
    };
    pick(lang, uz, ru, s.label())
}

/// Names of the international parcel statuses.
pub fn parcel_status_name(s: ParcelStatus, lang: Language) -> String {
    use ParcelStatus::*;
    let (uz, ru) = match s {
        AtSender => AT_SENDER,
        AtCustoms => ("Bojxonada", "На таможне"),
        OutOfCustoms => ("Bojxonadan chiqdi", "Вышел из таможни"),
        CanceledByCustoms => ("Bojxona tomonidan bekor qilindi", "Отменён таможней"),
        SortingCenter => AT_SORTING_CENTRE,
        AtReceiverOffice => ("Qabul qiluvchi filialida", "В отделении получателя"),
        CourierDelivering => COURIER_DELIVERING,
        Delivered => DELIVERED,
    };
    pick(lang, uz, ru, s.label())
}

fn pick(lang: Language, uz: &str, ru: &str, en: &str) -> String {
    match lang {
        Language::Uz => uz,
        Language::Ru => ru,
        Language::En => en,
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_has_the_contracts_shape() {
        let s = Seed::build();
        assert_eq!(s.regions.len(), 14);
        // The real table: ids 1 to 220 with 153 and 202–215 unused.
        assert_eq!(s.cities.len(), 205);
        assert!(s.city(153).is_none() && s.city(210).is_none());
        for c in &s.cities {
            assert_eq!(c.code.len(), 4);
            assert!(s.region(c.region_id).is_some());
            assert!(
                !c.name.uz.chars().any(|ch| ('а'..='я').contains(&ch)),
                "{}",
                c.name.uz
            );
        }
        for (id, en) in [
            (25, "Andijan city"),
            (101, "Samarkand city"),
            (40, "Bukhara city"),
        ] {
            assert_eq!(s.city(id).map(|c| c.name.en.as_str()), Some(en));
        }
        assert_eq!(s.city(8).map(|c| c.name.ru.as_str()), Some("г.Нукус"));
        assert_eq!(
            s.city(101).map(|c| c.name.uz.as_str()),
            Some("Samarqand shahar")
        );
        for &(region, .., centre) in REGIONS {
            if let Some(centre) = centre {
                assert_eq!(s.city(centre).map(|c| c.region_id), Some(region));
            }
        }
        let codes: std::collections::HashSet<_> = s.cities.iter().map(|c| c.code.clone()).collect();
        assert_eq!(codes.len(), s.cities.len(), "city codes are unique");
        for r in &s.regions {
            assert!(
                s.branches.iter().any(|b| b.region_id == r.id),
                "region {} has branches",
                r.id
            );
        }
        assert!(s.branches.iter().any(|b| b.hours.day(6).is_none()));
        assert!(
            s.branches
                .iter()
                .any(|b| b.hours.day(0) == Some(DayHours::AllDay))
        );
        assert_eq!(s.shipment_types.len(), 30);
        assert!(s.countries.iter().any(|c| c.code.is_none()));
        assert!(s.countries.iter().any(|c| c.code == Some("")));
    }

    #[test]
    fn every_city_abroad_belongs_to_a_seeded_country_and_keeps_its_id() {
        let seed = Seed::build();
        let mut ids = std::collections::HashSet::new();
        for c in &seed.abroad_cities {
            assert!(seed.country(c.country).is_some(), "{}", c.name.en);
            assert_eq!(c.id / 100 - 100, c.country, "{} id {}", c.name.en, c.id);
            assert!(ids.insert(c.id), "{} twice", c.id);
            assert!(seed.city(c.id).is_none(), "{} is not a home city", c.id);
        }
        let moscow = seed.abroad_cities.iter().find(|c| c.name.en == "Moscow");
        assert_eq!(moscow.map(|c| (c.id, c.country)), Some((10_101, 1)));
        assert_eq!(moscow.map(|c| c.name.ru.as_str()), Some("Москва"));
        // Every country but "other countries" has a city.
        for country in seed.countries.iter().filter(|c| c.id != 24) {
            assert!(
                seed.abroad_cities.iter().any(|c| c.country == country.id),
                "{}",
                country.id
            );
        }
    }
}
