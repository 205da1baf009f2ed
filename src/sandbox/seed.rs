//! The twin's reference data: deterministic, the same on every start.
//!
//! 14 regions with legacy ids 2..15 and current 2-digit codes, 220 real cities and districts of
//! Uzbekistan (ids 1..220, the published ids pinned: 101 Tashkent, 45 Samarkand, ...), branches
//! with addresses, coordinates, phones and opening hours, shipment and packaging types, countries
//! and the status lists of all three generations. Names exist in Uzbek Latin and Russian; English
//! falls back to Uzbek for place names.

use crate::api::codes::{Language, LegacyStatus, OrderStatus, ParcelStatus};
use crate::api::directory::{DayHours, WorkingHours};
use crate::text::translit::latin_to_cyrillic;

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

pub struct Seed {
    pub regions: Vec<SeedRegion>,
    pub cities: Vec<SeedCity>,
    pub branches: Vec<SeedBranch>,
    pub shipment_types: Vec<(i64, Name)>,
    pub packaging_types: Vec<(i64, Name)>,
    pub countries: Vec<SeedCountry>,
}

impl Seed {
    pub fn region(&self, id: i64) -> Option<&SeedRegion> {
        self.regions.iter().find(|r| r.id == id)
    }

    pub fn region_by_code(&self, code: &str) -> Option<&SeedRegion> {
        self.regions.iter().find(|r| r.code == code)
    }

    pub fn city(&self, id: i64) -> Option<&SeedCity> {
        usize::try_from(id - 1)
            .ok()
            .and_then(|i| self.cities.get(i))
            .filter(|c| c.id == id)
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

    pub fn build() -> Seed {
        let regions = regions();
        let cities = cities();
        let branches = branches(&regions, &cities);
        Seed {
            regions,
            cities,
            branches,
            shipment_types: shipment_types(),
            packaging_types: packaging_types(),
            countries: countries(),
        }
    }
}

fn regions() -> Vec<SeedRegion> {
    let r = |id, code, uz: &str, ru: &str, en: &str, group, center, phone_area| SeedRegion {
        id,
        code,
        name: Name::new(uz, ru, en),
        group,
        center,
        phone_area,
    };
    vec![
        r(
            2,
            "60",
            "Andijon viloyati",
            "Андижанская область",
            "Andijan region",
            1,
            (40.7821, 72.3442),
            "74",
        ),
        r(
            3,
            "50",
            "Namangan viloyati",
            "Наманганская область",
            "Namangan region",
            1,
            (40.9983, 71.6726),
            "69",
        ),
        r(
            4,
            "90",
            "Xorazm viloyati",
            "Хорезмская область",
            "Khorezm region",
            3,
            (41.5500, 60.6333),
            "62",
        ),
        r(
            5,
            "10",
            "Toshkent viloyati",
            "Ташкентская область",
            "Tashkent region",
            0,
            (41.0436, 69.3575),
            "70",
        ),
        r(
            6,
            "01",
            "Toshkent shahri",
            "город Ташкент",
            "Tashkent city",
            0,
            (41.2995, 69.2401),
            "71",
        ),
        r(
            7,
            "80",
            "Buxoro viloyati",
            "Бухарская область",
            "Bukhara region",
            2,
            (39.7747, 64.4286),
            "65",
        ),
        r(
            8,
            "30",
            "Samarqand viloyati",
            "Самаркандская область",
            "Samarkand region",
            2,
            (39.6542, 66.9597),
            "66",
        ),
        r(
            9,
            "25",
            "Jizzax viloyati",
            "Джизакская область",
            "Jizzakh region",
            0,
            (40.1158, 67.8422),
            "72",
        ),
        r(
            10,
            "85",
            "Navoiy viloyati",
            "Навоийская область",
            "Navoi region",
            2,
            (40.0844, 65.3792),
            "79",
        ),
        r(
            11,
            "95",
            "Qoraqalpogʻiston Respublikasi",
            "Республика Каракалпакстан",
            "Karakalpakstan",
            3,
            (42.4531, 59.6103),
            "61",
        ),
        r(
            12,
            "20",
            "Sirdaryo viloyati",
            "Сырдарьинская область",
            "Sirdaryo region",
            0,
            (40.4897, 68.7842),
            "67",
        ),
        r(
            13,
            "75",
            "Surxondaryo viloyati",
            "Сурхандарьинская область",
            "Surkhandarya region",
            2,
            (37.2242, 67.2783),
            "76",
        ),
        r(
            14,
            "70",
            "Qashqadaryo viloyati",
            "Кашкадарьинская область",
            "Kashkadarya region",
            2,
            (38.8606, 65.7847),
            "75",
        ),
        r(
            15,
            "40",
            "Fargʻona viloyati",
            "Ферганская область",
            "Fergana region",
            1,
            (40.3864, 71.7864),
            "73",
        ),
    ]
}

/// Cities and districts per region; the first of each list is the region's centre. A name may
/// carry its Russian form after `|`; otherwise the Russian form is the Uzbek Cyrillic spelling.
const CITY_NAMES: &[(i64, &[&str])] = &[
    (
        6,
        &[
            "Toshkent|Ташкент",
            "Bektemir|Бектемир",
            "Chilonzor|Чиланзар",
            "Mirobod|Мирабад",
            "Mirzo Ulugʻbek|Мирзо-Улугбек",
            "Olmazor|Алмазар",
            "Sergeli|Сергели",
            "Shayxontohur|Шайхантахур",
            "Uchtepa|Учтепа",
            "Yakkasaroy|Яккасарай",
            "Yashnobod|Яшнабад",
            "Yunusobod|Юнусабад",
            "Yangihayot|Янгихаёт",
        ],
    ),
    (
        5,
        &[
            "Nurafshon|Нурафшан",
            "Angren|Ангрен",
            "Bekobod|Бекабад",
            "Chirchiq|Чирчик",
            "Olmaliq|Алмалык",
            "Ohangaron|Ахангаран",
            "Yangiyoʻl|Янгиюль",
            "Bekobod tumani",
            "Boʻka|Бука",
            "Boʻstonliq|Бостанлык",
            "Chinoz|Чиназ",
            "Qibray|Кибрай",
            "Ohangaron tumani",
            "Oqqoʻrgʻon|Аккурган",
            "Parkent|Паркент",
            "Piskent|Пскент",
            "Quyichirchiq|Куйичирчик",
            "Oʻrtachirchiq|Уртачирчик",
            "Yuqorichirchiq|Юкоричирчик",
            "Yangiyoʻl tumani",
            "Zangiota|Зангиата",
            "Toshkent tumani",
            "Keles|Келес",
            "Gʻazalkent|Газалкент",
            "Toʻytepa|Тойтепа",
            "Yangiobod",
        ],
    ),
    (
        2,
        &[
            "Andijon|Андижан",
            "Xonobod|Ханабад",
            "Andijon tumani",
            "Asaka|Асака",
            "Baliqchi|Балыкчи",
            "Boʻz|Боз",
            "Buloqboshi|Булакбаши",
            "Izboskan|Избаскан",
            "Jalaquduq|Джалакудук",
            "Xoʻjaobod|Ходжаабад",
            "Qoʻrgʻontepa|Кургантепа",
            "Marhamat|Мархамат",
            "Oltinkoʻl|Алтынкуль",
            "Paxtaobod|Пахтаабад",
            "Shahrixon|Шахрихан",
            "Ulugʻnor|Улугнор",
            "Qorasuv|Карасу",
        ],
    ),
    (
        3,
        &[
            "Namangan|Наманган",
            "Chortoq|Чартак",
            "Chust|Чуст",
            "Kosonsoy|Касансай",
            "Mingbuloq|Мингбулак",
            "Namangan tumani",
            "Norin|Нарын",
            "Pop|Пап",
            "Toʻraqoʻrgʻon|Туракурган",
            "Uchqoʻrgʻon|Учкурган",
            "Uychi|Уйчи",
            "Yangiqoʻrgʻon|Янгикурган",
            "Davlatobod|Давлатабад",
            "Haqqulobod|Хаккулабад",
        ],
    ),
    (
        4,
        &[
            "Urganch|Ургенч",
            "Xiva|Хива",
            "Bogʻot|Багат",
            "Gurlan|Гурлен",
            "Xonqa|Ханка",
            "Hazorasp|Хазарасп",
            "Qoʻshkoʻpir|Кошкупыр",
            "Shovot|Шават",
            "Urganch tumani",
            "Yangiariq|Янгиарык",
            "Yangibozor|Янгибазар",
            "Tuproqqalʼa|Тупроккала",
            "Xiva tumani",
            "Pitnak|Питнак",
        ],
    ),
    (
        7,
        &[
            "Buxoro|Бухара",
            "Kogon|Каган",
            "Olot|Алат",
            "Buxoro tumani",
            "Gʻijduvon|Гиждуван",
            "Jondor|Жондор",
            "Kogon tumani",
            "Qorakoʻl|Каракуль",
            "Qorovulbozor|Караулбазар",
            "Peshku|Пешку",
            "Romitan|Ромитан",
            "Shofirkon|Шафиркан",
            "Vobkent|Вабкент",
            "Galaosiyo|Галаасия",
        ],
    ),
    (
        8,
        &[
            "Samarqand|Самарканд",
            "Kattaqoʻrgʻon|Каттакурган",
            "Bulungʻur|Булунгур",
            "Ishtixon|Иштыхан",
            "Jomboy|Джамбай",
            "Kattaqoʻrgʻon tumani",
            "Qoʻshrabot|Кушрабад",
            "Narpay|Нарпай",
            "Nurobod|Нурабад",
            "Oqdaryo|Акдарья",
            "Paxtachi|Пахтачи",
            "Payariq|Пайарык",
            "Pastdargʻom|Пастдаргом",
            "Samarqand tumani",
            "Toyloq|Тайлак",
            "Urgut|Ургут",
            "Chelak|Челек",
            "Juma|Джума",
        ],
    ),
    (
        9,
        &[
            "Jizzax|Джизак",
            "Arnasoy|Арнасай",
            "Baxmal|Бахмал",
            "Doʻstlik|Дустлик",
            "Forish|Фариш",
            "Gʻallaorol|Галляарал",
            "Sharof Rashidov|Шароф Рашидов",
            "Mirzachoʻl|Мирзачуль",
            "Paxtakor|Пахтакор",
            "Yangiobod|Янгиабад",
            "Zomin|Заамин",
            "Zafarobod|Зафарабад",
            "Zarbdor|Зарбдар",
        ],
    ),
    (
        10,
        &[
            "Navoiy|Навои",
            "Zarafshon|Зарафшан",
            "Gʻozgʻon|Газган",
            "Konimex|Канимех",
            "Karmana|Кармана",
            "Qiziltepa|Кызылтепа",
            "Xatirchi|Хатырчи",
            "Navbahor|Навбахор",
            "Nurota|Нурата",
            "Tomdi|Тамды",
            "Uchquduq|Учкудук",
        ],
    ),
    (
        11,
        &[
            "Nukus|Нукус",
            "Amudaryo|Амударья",
            "Beruniy|Беруни",
            "Boʻzatov|Бозатау",
            "Chimboy|Чимбай",
            "Ellikqalʼa|Элликкала",
            "Kegeyli|Кегейли",
            "Moʻynoq|Муйнак",
            "Nukus tumani",
            "Qanlikoʻl|Канлыкуль",
            "Qoraoʻzak|Караузяк",
            "Qoʻngʻirot|Кунград",
            "Shumanay|Шуманай",
            "Taxiatosh|Тахиаташ",
            "Taxtakoʻpir|Тахтакупыр",
            "Toʻrtkoʻl|Турткуль",
            "Xoʻjayli|Ходжейли",
        ],
    ),
    (
        12,
        &[
            "Guliston|Гулистан",
            "Shirin|Ширин",
            "Yangiyer|Янгиер",
            "Boyovut|Баяут",
            "Guliston tumani",
            "Xovos|Хаваст",
            "Mirzaobod|Мирзаабад",
            "Oqoltin|Акалтын",
            "Sardoba|Сардоба",
            "Sayxunobod|Сайхунабад",
            "Sirdaryo tumani",
        ],
    ),
    (
        13,
        &[
            "Termiz|Термез",
            "Angor|Ангор",
            "Bandixon|Бандихан",
            "Boysun|Байсун",
            "Denov|Денау",
            "Jarqoʻrgʻon|Джаркурган",
            "Qiziriq|Кизирик",
            "Qumqoʻrgʻon|Кумкурган",
            "Muzrabot|Музрабад",
            "Oltinsoy|Алтынсай",
            "Sariosiyo|Сариасия",
            "Sherobod|Шерабад",
            "Shoʻrchi|Шурчи",
            "Termiz tumani",
            "Uzun|Узун",
            "Shargʻun|Шаргунь",
        ],
    ),
    (
        14,
        &[
            "Qarshi|Карши",
            "Shahrisabz|Шахрисабз",
            "Chiroqchi|Чиракчи",
            "Dehqonobod|Дехканабад",
            "Gʻuzor|Гузар",
            "Qamashi|Камаши",
            "Qarshi tumani",
            "Koson|Касан",
            "Kasbi|Касби",
            "Kitob|Китаб",
            "Mirishkor|Миришкор",
            "Muborak|Мубарек",
            "Nishon|Нишан",
            "Shahrisabz tumani",
            "Yakkabogʻ|Яккабаг",
            "Koʻkdala|Кукдала",
            "Beshkent|Бешкент",
        ],
    ),
    (
        15,
        &[
            "Fargʻona|Фергана",
            "Margʻilon|Маргилан",
            "Qoʻqon|Коканд",
            "Quvasoy|Кувасай",
            "Beshariq|Бешарык",
            "Bogʻdod|Багдад",
            "Buvayda|Бувайда",
            "Dangʻara|Дангара",
            "Fargʻona tumani",
            "Furqat|Фуркат",
            "Qoʻshtepa|Куштепа",
            "Quva|Кува",
            "Rishton|Риштан",
            "Soʻx|Сох",
            "Toshloq|Ташлак",
            "Uchkoʻprik|Учкуприк",
            "Oʻzbekiston|Узбекистан",
            "Oltiariq|Алтыарык",
            "Yozyovon|Язъяван",
        ],
    ),
];

/// Published legacy city ids (field notes), pinned to their places.
const PINNED: &[(&str, i64)] = &[
    ("Toshkent", 101),
    ("Samarqand", 45),
    ("Buxoro", 40),
    ("Fargʻona", 86),
    ("Namangan", 95),
    ("Andijon", 36),
    ("Qarshi", 41),
    ("Termiz", 102),
    ("Navoiy", 54),
    ("Jizzax", 38),
    ("Guliston", 37),
    ("Urganch", 104),
    ("Nukus", 56),
];

fn cities() -> Vec<SeedCity> {
    let regions = regions();
    // (region, position in its region's list, uz, ru); the position gives the 4-digit code.
    let mut entries: Vec<(i64, usize, &str, &str)> = Vec::new();
    for (region, names) in CITY_NAMES {
        for (pos, raw) in names.iter().enumerate() {
            let (uz, ru) = raw.split_once('|').unwrap_or((raw, ""));
            entries.push((*region, pos + 1, uz, ru));
        }
    }
    let mut slots: Vec<Option<(i64, usize, &str, &str)>> = vec![None; entries.len()];
    let mut rest = Vec::new();
    for e in entries {
        match PINNED.iter().find(|(n, _)| *n == e.2) {
            Some((_, id)) if slots[(*id - 1) as usize].is_none() => {
                slots[(*id - 1) as usize] = Some(e)
            }
            _ => rest.push(e),
        }
    }
    let mut rest = rest.into_iter();
    let mut out = Vec::with_capacity(slots.len());
    for (i, slot) in slots.into_iter().enumerate() {
        let Some((region, pos, uz, ru)) = slot.or_else(|| rest.next()) else {
            break;
        };
        let region_code = regions
            .iter()
            .find(|r| r.id == region)
            .map(|r| r.code)
            .unwrap_or("00");
        let (ru_said, en) = place_words(uz);
        let ru = if ru.is_empty() {
            ru_said
        } else {
            ru.to_string()
        };
        out.push(SeedCity {
            id: i as i64 + 1,
            region_id: region,
            code: format!("{region_code}{pos:02}"),
            name: Name::new(uz, &ru, &en),
        });
    }
    out
}

/// A place's name in Russian and English from its Uzbek one: the kind of place ("tumani",
/// "shahri") said in that language, the name itself spelt for it.
fn place_words(uz: &str) -> (String, String) {
    let kinds = [
        (" tumani", "{} район", "{} district"),
        (" shahri", "г. {}", "{} city"),
    ];
    for (suffix, ru, en) in kinds {
        if let Some(stem) = uz.strip_suffix(suffix) {
            return (
                ru.replace("{}", &latin_to_cyrillic(stem)),
                en.replace("{}", stem),
            );
        }
    }
    (latin_to_cyrillic(uz), uz.to_string())
}

const STREETS: &[&str] = &[
    "Amir Temur koʻchasi",
    "Mustaqillik koʻchasi",
    "Navoiy koʻchasi",
    "Bobur koʻchasi",
    "Alisher Navoiy shoh koʻchasi",
    "Mirzo Ulugʻbek koʻchasi",
    "Istiqlol koʻchasi",
    "Gʻafur Gʻulom koʻchasi",
    "Bunyodkor shoh koʻchasi",
    "Ibn Sino koʻchasi",
];

fn hours_pattern(n: usize) -> WorkingHours {
    let open = |a: u16, b: u16| {
        Some(DayHours::Open {
            from: a * 60,
            to: b * 60,
        })
    };
    match n % 4 {
        0 => WorkingHours([
            open(9, 18),
            open(9, 18),
            open(9, 18),
            open(9, 18),
            open(9, 18),
            open(9, 14),
            None,
        ]),
        1 => WorkingHours([open(8, 20); 7]),
        2 => WorkingHours([Some(DayHours::AllDay); 7]),
        _ => WorkingHours([
            open(9, 19),
            open(9, 19),
            open(9, 19),
            open(9, 19),
            open(9, 19),
            open(9, 19),
            None,
        ]),
    }
}

fn branches(regions: &[SeedRegion], cities: &[SeedCity]) -> Vec<SeedBranch> {
    let mut out = Vec::new();
    for city in cities {
        let region = regions.iter().find(|r| r.id == city.region_id);
        let Some(region) = region else { continue };
        let nth: usize = city.code[2..].parse::<usize>().unwrap_or(1) - 1;
        let is_center = nth == 0;
        // Every fifth district has no office of its own: the clerk must pick a courier there.
        let count = if city.id == 101 {
            6
        } else if is_center {
            3
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
            let street = STREETS[(id as usize * 7) % STREETS.len()];
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
                address: format!("{}, {} {}-uy", city.name.uz, street, 3 + (id * 11) % 140),
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

fn shipment_types() -> Vec<(i64, Name)> {
    const T: &[(i64, &str, &str, &str)] = &[
        (4, "Hujjatlar", "Документы", "Documents"),
        (5, "Ehtiyot qismlar", "Запчасти", "Spare parts"),
        (6, "Dori-darmonlar", "Медикаменты", "Medications"),
        (7, "Ofis jihozlari", "Оргтехника", "Office equipment"),
        (8, "Kitoblar", "Книги", "Books"),
        (9, "Shisha buyumlar", "Стеклянные изделия", "Glassware"),
        (
            10,
            "Reklama materiallari",
            "Рекламные материалы",
            "Advertising materials",
        ),
        (
            11,
            "Kiyim-kechak va poyabzal",
            "Одежда и обувь",
            "Clothing and footwear",
        ),
        (12, "Mobil telefon", "Мобильный телефон", "Mobile phone"),
        (13, "Pasport", "Паспорт", "Passport"),
        (14, "Atir-upa", "Парфюмерия", "Perfume"),
        (15, "Oziq-ovqat mahsulotlari", "Продукты", "Products"),
        (16, "Kimyoviy moddalar", "Химикаты", "Chemicals"),
        (
            17,
            "Protezlar (tish)",
            "Протезы (зубные)",
            "Prostheses (teeth)",
        ),
        (18, "Urugʻlar", "Семена", "Seeds"),
        (19, "Plastik karta", "Пластиковая карта", "Plastic card"),
        (20, "Muhr", "Печать", "Seal"),
        (21, "Santexnika", "Сантехника", "Plumbing"),
        (22, "Mebel", "Мебель", "Furniture"),
        (
            23,
            "Tibbiy asboblar",
            "Медицинские инструменты",
            "Medical instruments",
        ),
        (
            24,
            "Mato - material",
            "Ткань - материал",
            "Fabric - material",
        ),
        (25, "Uskunalar", "Оборудование", "Equipment"),
        (26, "Kanselyariya tovarlari", "Канцтовары", "Stationery"),
        (
            27,
            "Roʻzgʻor buyumlari",
            "Хозяйственные товары",
            "Household goods",
        ),
        (28, "Oʻyinchoqlar", "Игрушки", "Toys"),
        (29, "Zargarlik buyumlari", "Ювелирные изделия", "Jewelry"),
        (30, "Kosmetika", "Косметика", "Cosmetics"),
        (31, "Maishiy texnika", "Бытовая техника", "Home appliances"),
        (32, "Quritilgan mevalar", "Сухофрукты", "Dried fruits"),
        (
            33,
            "Qurilish materiallari",
            "Стройматериалы",
            "Building materials",
        ),
    ];
    T.iter()
        .map(|(id, uz, ru, en)| (*id, Name::new(uz, ru, en)))
        .collect()
}

fn packaging_types() -> Vec<(i64, Name)> {
    const T: &[(i64, &str, &str, &str)] = &[
        (4, "Qop", "Мешок", "Bag"),
        (5, "Konteyner", "Контейнер", "Container"),
        (6, "Konvert", "Конверт", "Envelope"),
        (7, "Quti", "Коробка", "Box"),
        (
            8,
            "Xizmat paketlari",
            "Служебные пакеты",
            "Service packages",
        ),
        (9, "Qadoqsiz", "Без упаковки", "Without packaging"),
        (
            10,
            "Zavod qadogʻi",
            "Заводская упаковка",
            "Factory packaging",
        ),
        (90, "Yogʻoch yashik", "Деревянный ящик", "Wooden crate"),
        (91, "Qora paket", "Чёрный пакет", "Black bag"),
    ];
    T.iter()
        .map(|(id, uz, ru, en)| (*id, Name::new(uz, ru, en)))
        .collect()
}

/// Packaging ids of the legacy interface (the current one adds 90 and 91).
pub fn is_legacy_packaging(id: i64) -> bool {
    (4..=10).contains(&id)
}

fn countries() -> Vec<SeedCountry> {
    /// id, ISO code, Uzbek, Russian, English, zone.
    type Row = (
        i64,
        Option<&'static str>,
        &'static str,
        &'static str,
        &'static str,
        u8,
    );
    const T: &[Row] = &[
        (1, Some("RU"), "Rossiya", "Россия", "Russia", 2),
        (2, Some("KZ"), "Qozogʻiston", "Казахстан", "Kazakhstan", 1),
        (3, Some("KG"), "Qirgʻiziston", "Кыргызстан", "Kyrgyzstan", 1),
        (4, Some("TJ"), "Tojikiston", "Таджикистан", "Tajikistan", 1),
        (
            5,
            Some("TM"),
            "Turkmaniston",
            "Туркменистан",
            "Turkmenistan",
            1,
        ),
        (6, Some("TR"), "Turkiya", "Турция", "Turkey", 2),
        (
            7,
            Some("AE"),
            "Birlashgan Arab Amirliklari",
            "ОАЭ",
            "United Arab Emirates",
            3,
        ),
        (8, Some("CN"), "Xitoy", "Китай", "China", 3),
        (
            9,
            Some("KR"),
            "Janubiy Koreya",
            "Южная Корея",
            "South Korea",
            3,
        ),
        (10, Some("DE"), "Germaniya", "Германия", "Germany", 3),
        (11, Some("US"), "AQSH", "США", "United States", 4),
        (
            12,
            Some("GB"),
            "Buyuk Britaniya",
            "Великобритания",
            "United Kingdom",
            3,
        ),
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
        (
            24,
            Some(""),
            "Boshqa davlatlar",
            "Другие страны",
            "Other countries",
            4,
        ),
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

/// Names of the current interface's statuses.
pub fn order_status_name(s: OrderStatus, lang: Language) -> String {
    use OrderStatus::*;
    let (uz, ru) = match s {
        AtSender => ("Joʻnatuvchida", "У отправителя"),
        CourierAccepted => ("Kuryer qabul qildi", "Курьер принял"),
        AtSendingOffice => ("Joʻnatish filialida", "В отделении отправки"),
        InternalTransport => ("Ichki transportda", "Во внутреннем транспорте"),
        SortingCenter => ("Saralash markazida", "В сортировочном центре"),
        InBag => ("Logistika qopida", "В логистическом мешке"),
        InTransport => ("Yoʻlda", "В пути"),
        AtDeliveryOffice => ("Yetkazish filialida", "В отделении доставки"),
        CourierDelivering => ("Kuryer yetkazmoqda", "Курьер доставляет"),
        Delivered => ("Yetkazildi", "Доставлено"),
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
        AtSender => ("Joʻnatuvchida", "У отправителя"),
        CourierAccepted => ("Kuryer qabul qildi", "Курьер принял"),
        AtSendingOffice => ("Joʻnatish filialida", "В отделении отправки"),
        AtDeliveryOffice => ("Yetkazish filialida", "В отделении доставки"),
        CourierDelivering => ("Kuryer yetkazmoqda", "Курьер доставляет"),
        Delivered => ("Yetkazildi", "Доставлено"),
        Return => ("Qaytarildi", "Возврат"),
        AtIntermediateOffice => ("Oraliq filialda", "В промежуточном отделении"),
        SortingCenter => ("Saralash markazi", "Сортировочный центр"),
        InWarehouse => ("Omborda", "На складе"),
        InBag => ("Qopda", "В мешке"),
        InTransit => ("Yoʻlda", "В пути"),
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
        AtSender => ("Joʻnatuvchida", "У отправителя"),
        AtCustoms => ("Bojxonada", "На таможне"),
        OutOfCustoms => ("Bojxonadan chiqdi", "Вышел из таможни"),
        CanceledByCustoms => ("Bojxona tomonidan bekor qilindi", "Отменён таможней"),
        SortingCenter => ("Saralash markazida", "В сортировочном центре"),
        AtReceiverOffice => ("Qabul qiluvchi filialida", "В отделении получателя"),
        CourierDelivering => ("Kuryer yetkazmoqda", "Курьер доставляет"),
        Delivered => ("Yetkazildi", "Доставлено"),
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
        assert_eq!(s.cities.len(), 220);
        for (i, c) in s.cities.iter().enumerate() {
            assert_eq!(c.id, i as i64 + 1);
            assert_eq!(c.code.len(), 4);
            assert!(s.region(c.region_id).is_some());
        }
        for (name, id) in PINNED {
            assert_eq!(s.city(*id).map(|c| c.name.uz.as_str()), Some(*name));
        }
        assert_eq!(s.city(101).unwrap().name.ru, "Ташкент");
        assert_eq!(s.city(101).unwrap().code, "0101");
        let ids: std::collections::HashSet<_> = s.cities.iter().map(|c| c.code.clone()).collect();
        assert_eq!(ids.len(), 220, "city codes are unique");
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
}
