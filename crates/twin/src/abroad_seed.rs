//! Cities abroad the twin ships to, as a table: real cities of each seeded country (the seed
//! gives them ids that never change, `10000 + country × 100 + n`, far from the home country's
//! 1..220), a street to address its demo receivers at and the country's dialling prefix. The
//! contract has no directory of them; they appear in the international orders and are what the
//! price check holds a receiver city against.

/// country id, n, Uzbek, Russian, English, street, dialling prefix.
pub(crate) type Row = (
    i64,
    i64,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
pub(crate) const CITIES: &[Row] = &[
    (1, 1, "Moskva", "Москва", "Moscow", "Tverskaya ul. 7", "+7 495"),
    (1, 2, "Sankt-Peterburg", "Санкт-Петербург", "Saint Petersburg", "Nevsky pr. 28", "+7 812"),
    (1, 3, "Yekaterinburg", "Екатеринбург", "Yekaterinburg", "Lenina pr. 24", "+7 343"),
    (1, 4, "Novosibirsk", "Новосибирск", "Novosibirsk", "Krasny pr. 17", "+7 383"),
    (1, 5, "Qozon", "Казань", "Kazan", "Baumana ul. 44", "+7 843"),
    (2, 1, "Almati", "Алматы", "Almaty", "Abay ave. 52", "+7 727"),
    (2, 2, "Astana", "Астана", "Astana", "Kabanbay Batyr ave. 11", "+7 717"),
    (2, 3, "Shimkent", "Шымкент", "Shymkent", "Tauke Khan ave. 5", "+7 725"),
    (3, 1, "Bishkek", "Бишкек", "Bishkek", "Chui ave. 120", "+996 312"),
    (3, 2, "Oʻsh", "Ош", "Osh", "Kurmanjan Datka st. 9", "+996 3222"),
    (4, 1, "Dushanbe", "Душанбе", "Dushanbe", "Rudaki ave. 40", "+992 37"),
    (4, 2, "Xoʻjand", "Худжанд", "Khujand", "Lenin st. 56", "+992 3422"),
    (5, 1, "Ashxobod", "Ашхабад", "Ashgabat", "Magtymguly ave. 73", "+993 12"),
    (6, 1, "Istanbul", "Стамбул", "Istanbul", "Istiklal Cd. 34", "+90 212"),
    (6, 2, "Anqara", "Анкара", "Ankara", "Atatürk Blv. 101", "+90 312"),
    (7, 1, "Dubay", "Дубай", "Dubai", "Al Wasl Rd. 15", "+971 4"),
    (7, 2, "Abu-Dabi", "Абу-Даби", "Abu Dhabi", "Hamdan St. 8", "+971 2"),
    (8, 1, "Pekin", "Пекин", "Beijing", "Wangfujing St. 138", "+86 10"),
    (8, 2, "Urumchi", "Урумчи", "Urumqi", "Xinhua Rd. 22", "+86 991"),
    (8, 3, "Guanchjou", "Гуанчжоу", "Guangzhou", "Tianhe Rd. 208", "+86 20"),
    (9, 1, "Seul", "Сеул", "Seoul", "Gangnam-daero 390", "+82 2"),
    (9, 2, "Pusan", "Пусан", "Busan", "Jungang-daero 120", "+82 51"),
    (10, 1, "Berlin", "Берлин", "Berlin", "Torstraße 101", "+49 30"),
    (10, 2, "Myunxen", "Мюнхен", "Munich", "Leopoldstraße 45", "+49 89"),
    (11, 1, "Nyu-York", "Нью-Йорк", "New York", "5th Ave 350", "+1 212"),
    (11, 2, "Chikago", "Чикаго", "Chicago", "Michigan Ave 233", "+1 312"),
    (12, 1, "London", "Лондон", "London", "Baker St. 221", "+44 20"),
    (13, 1, "Varshava", "Варшава", "Warsaw", "Marszałkowska 84", "+48 22"),
    (14, 1, "Riga", "Рига", "Riga", "Brīvības iela 30", "+371 67"),
    (15, 1, "Vilnyus", "Вильнюс", "Vilnius", "Gedimino pr. 9", "+370 5"),
    (16, 1, "Tel-Aviv", "Тель-Авив", "Tel Aviv", "Dizengoff St. 50", "+972 3"),
    (17, 1, "Tokio", "Токио", "Tokyo", "Chuo-dori 4-6", "+81 3"),
    (18, 1, "Dehli", "Дели", "Delhi", "Connaught Pl. 12", "+91 11"),
    (19, 1, "Boku", "Баку", "Baku", "Nizami St. 67", "+994 12"),
    (20, 1, "Tbilisi", "Тбилиси", "Tbilisi", "Rustaveli Ave. 14", "+995 32"),
    (21, 1, "Minsk", "Минск", "Minsk", "Nezavisimosti Ave. 23", "+375 17"),
    (22, 1, "Kiyev", "Киев", "Kyiv", "Khreshchatyk St. 22", "+380 44"),
    (23, 1, "Prishtina", "Приштина", "Pristina", "Nëna Terezë Blvd. 3", "+383 38"),
    (25, 1, "Toronto", "Торонто", "Toronto", "Yonge St. 220", "+1 416"),
];
