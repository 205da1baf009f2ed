//! The twin's validation and refusal messages in the three languages of the `language` header.
//! The service's messages are localized text; these are the twin's own wording.

use api::codes::Language;

fn pick(lang: Language, uz: String, ru: String, en: String) -> String {
    match lang {
        Language::Uz => uz,
        Language::Ru => ru,
        Language::En => en,
    }
}

pub(crate) fn blank(lang: Language, f: &str) -> String {
    pick(
        lang,
        format!("«{f}» toʻldirilishi shart."),
        format!("Необходимо заполнить «{f}»."),
        format!("{f} cannot be blank."),
    )
}

pub(crate) fn invalid(lang: Language, f: &str) -> String {
    pick(
        lang,
        format!("«{f}» qiymati notoʻgʻri."),
        format!("Значение «{f}» неверно."),
        format!("{f} is invalid."),
    )
}

/// The two statuses of the twin's international orders: delivered (6), on the way (otherwise).
pub(crate) fn intl_status(lang: Language, id: i64) -> String {
    if id == 6 {
        pick(
            lang,
            "Yetkazildi".into(),
            "Доставлен".into(),
            "Delivered".into(),
        )
    } else {
        pick(lang, "Yoʻlda".into(), "В пути".into(), "On the way".into())
    }
}

pub(crate) fn webhook_to_itself(lang: Language) -> String {
    pick(
        lang,
        "Xabarnoma manzili sandboxning oʻziga koʻrsatmasligi kerak.".to_string(),
        "Адрес уведомлений не может указывать на сам sandbox.".to_string(),
        "The notification address must not point at the sandbox itself.".to_string(),
    )
}

pub(crate) fn date_out_of_range(lang: Language, f: &str) -> String {
    pick(
        lang,
        format!("«{f}» 2000–2100 yillar oraligʻida boʻlishi kerak."),
        format!("«{f}» должна быть в пределах 2000–2100 годов."),
        format!("{f} must be between the years 2000 and 2100."),
    )
}

pub(crate) fn receipt_before_dispatch(lang: Language) -> String {
    pick(
        lang,
        "Qabul qilish sanasi joʻnatish sanasidan oldin boʻlishi mumkin emas.".to_string(),
        "Дата получения не может быть раньше даты отправки.".to_string(),
        "The receipt date cannot be before the dispatch date.".to_string(),
    )
}

pub(crate) fn too_big(lang: Language, f: &str, max: &str) -> String {
    pick(
        lang,
        format!("«{f}» {max} dan oshmasligi kerak."),
        format!("«{f}» не должно превышать {max}."),
        format!("{f} must be no greater than {max}."),
    )
}

pub(crate) fn too_long(lang: Language, f: &str, n: usize) -> String {
    pick(
        lang,
        format!("«{f}» {n} ta belgidan oshmasligi kerak."),
        format!("Значение «{f}» должно содержать максимум {n} символов."),
        format!("{f} should contain at most {n} characters."),
    )
}

pub(crate) fn too_small(lang: Language, f: &str, min: &str) -> String {
    pick(
        lang,
        format!("«{f}» {min} dan kam boʻlmasligi kerak."),
        format!("Значение «{f}» должно быть не меньше {min}."),
        format!("{f} must be no less than {min}."),
    )
}

pub(crate) fn taken(lang: Language, f: &str, v: &str) -> String {
    pick(
        lang,
        format!("«{f}» uchun «{v}» qiymati allaqachon band."),
        format!("Значение «{v}» для «{f}» уже занято."),
        format!("{f} \"{v}\" has already been taken."),
    )
}

pub(crate) fn not_found_value(lang: Language, f: &str) -> String {
    pick(
        lang,
        format!("«{f}» boʻyicha yozuv topilmadi."),
        format!("Запись по «{f}» не найдена."),
        format!("No record matches {f}."),
    )
}

pub(crate) fn phone(lang: Language, f: &str) -> String {
    pick(
        lang,
        format!("«{f}» +998 XX XXXXXXX koʻrinishida boʻlishi kerak."),
        format!("«{f}» должен быть в формате +998 XX XXXXXXX."),
        format!("{f} must look like +998 XX XXXXXXX."),
    )
}

pub(crate) fn branch_not_in_city(lang: Language) -> String {
    pick(
        lang,
        "Filial qabul qiluvchi shahriga tegishli emas.".into(),
        "Отделение не относится к городу получателя.".into(),
        "The branch does not belong to the receiver city.".into(),
    )
}

pub(crate) fn no_branch_in_city(lang: Language) -> String {
    pick(
        lang,
        "Bu shaharda filial yoʻq: kuryer yetkazib berishni tanlang.".into(),
        "В этом городе нет отделения: выберите доставку курьером.".into(),
        "There is no branch in this city: choose courier delivery.".into(),
    )
}

pub(crate) fn cod_total(lang: Language, total: i64, back: i64) -> String {
    pick(
        lang,
        format!("Tovarlar summasi ({total}) qaytariladigan pulga ({back}) teng emas."),
        format!("Сумма товаров ({total}) не равна сумме к возврату ({back})."),
        format!("The goods total ({total}) does not equal the money to bring back ({back})."),
    )
}

pub(crate) fn cod_needs_goods(lang: Language) -> String {
    pick(
        lang,
        "Naqd toʻlovda elektron chek uchun tovarlar koʻrsatilishi shart.".into(),
        "При наложенном платеже обязательны товары для электронного чека.".into(),
        "Cash on delivery needs the goods for the electronic receipt.".into(),
    )
}

pub(crate) fn wrong_credentials(lang: Language) -> String {
    pick(
        lang,
        "Login, parol yoki STIR notoʻgʻri.".into(),
        "Неверный логин, пароль или ИНН.".into(),
        "Incorrect username, password or tax number.".into(),
    )
}

pub(crate) fn wrong_login(lang: Language) -> String {
    pick(
        lang,
        "Login yoki parol notoʻgʻri.".into(),
        "Неверный логин или пароль.".into(),
        "Incorrect login or password.".into(),
    )
}

pub(crate) fn bad_token(lang: Language) -> String {
    pick(
        lang,
        "Token notoʻgʻri yoki muddati tugagan.".into(),
        "Токен неверен или просрочен.".into(),
        "The token is invalid or has expired.".into(),
    )
}

pub(crate) fn order_not_found(lang: Language) -> String {
    pick(
        lang,
        "Buyurtma topilmadi.".into(),
        "Заказ не найден.".into(),
        "Order not found.".into(),
    )
}

pub(crate) fn already_cancelled(lang: Language) -> String {
    pick(
        lang,
        "Buyurtma allaqachon bekor qilingan.".into(),
        "Заказ уже отменён.".into(),
        "The order is already cancelled.".into(),
    )
}

pub(crate) fn cannot_cancel(lang: Language) -> String {
    pick(
        lang,
        "Buyurtmani faqat joʻnatuvchida turganida bekor qilish mumkin.".into(),
        "Заказ можно отменить, только пока он у отправителя.".into(),
        "An order can only be cancelled while it is at the sender.".into(),
    )
}

pub(crate) fn cannot_edit(lang: Language) -> String {
    pick(
        lang,
        "Buyurtmani faqat joʻnatuvchida turganida tahrirlash mumkin.".into(),
        "Заказ можно изменить, только пока он у отправителя.".into(),
        "An order can only be edited while it is at the sender.".into(),
    )
}

pub(crate) fn cancelled_ok(lang: Language) -> String {
    pick(
        lang,
        "Buyurtma bekor qilindi.".into(),
        "Заказ отменён.".into(),
        "The order was cancelled.".into(),
    )
}

pub(crate) fn saved(lang: Language) -> String {
    pick(
        lang,
        "Muvaffaqiyatli saqlandi.".into(),
        "Успешно сохранено.".into(),
        "Saved successfully.".into(),
    )
}

pub(crate) fn ok(lang: Language) -> String {
    pick(
        lang,
        "Muvaffaqiyatli.".into(),
        "Успешно.".into(),
        "Success.".into(),
    )
}

pub(crate) fn parcel_unknown(lang: Language, n: &str) -> String {
    pick(
        lang,
        format!("«{n}» raqamli joʻnatma topilmadi."),
        format!("Посылка «{n}» не найдена."),
        format!("Parcel \"{n}\" was not found."),
    )
}

pub(crate) fn count_mismatch(lang: Language, said: &str, real: usize) -> String {
    pick(
        lang,
        format!("ParcelsCount ({said}) joʻnatmalar soniga ({real}) teng emas."),
        format!("ParcelsCount ({said}) не равно числу посылок ({real})."),
        format!("ParcelsCount ({said}) does not equal the number of parcels ({real})."),
    )
}

pub(crate) fn manifest_ok(lang: Language) -> String {
    pick(
        lang,
        "Manifest qabul qilindi.".into(),
        "Манифест принят.".into(),
        "The manifest was accepted.".into(),
    )
}

pub(crate) fn too_many_requests(lang: Language) -> String {
    pick(
        lang,
        "Soʻrovlar juda koʻp, birozdan keyin urinib koʻring.".into(),
        "Слишком много запросов, повторите позже.".into(),
        "Too many requests, try again later.".into(),
    )
}

pub(crate) fn confirmed(lang: Language, n: usize) -> String {
    pick(
        lang,
        format!("{n} ta yozuv tasdiqlandi."),
        format!("Подтверждено записей: {n}."),
        format!("{n} records confirmed."),
    )
}

pub(crate) fn unavailable_courier(lang: Language) -> String {
    pick(
        lang,
        "Bu yoʻnalishda filial yoʻq.".into(),
        "На этом направлении нет отделения.".into(),
        "There is no branch on this route.".into(),
    )
}

/// The first event of every order's history.
pub(crate) const ORDER_CREATED_UZ: &str = "Buyurtma yaratildi";

pub(crate) fn order_created(lang: Language) -> String {
    pick(
        lang,
        ORDER_CREATED_UZ.into(),
        "Заказ создан".into(),
        "Order created".into(),
    )
}

/// A history event's message in the language asked: the twin's own words (creation, a status
/// reached) are said in that language; a note someone wrote stays as written.
pub(crate) fn history_message(e: &super::model::Event, lang: Language) -> String {
    if e.message == ORDER_CREATED_UZ {
        order_created(lang)
    } else if e.message == super::seed::order_status_name(e.status, Language::Uz) {
        super::seed::order_status_name(e.status, lang)
    } else {
        e.message.clone()
    }
}

pub(crate) fn record_not_found(lang: Language) -> String {
    pick(
        lang,
        "Yozuv topilmadi.".into(),
        "Запись не найдена.".into(),
        "The record was not found.".into(),
    )
}

pub(crate) fn missing_id(lang: Language) -> String {
    pick(
        lang,
        "Majburiy parametr yoʻq: id".into(),
        "Отсутствуют обязательные параметры: id".into(),
        "Missing required parameters: id".into(),
    )
}

pub(crate) fn wrong_verb(lang: Language, allowed: &str) -> String {
    pick(
        lang,
        format!("Usul ruxsat etilmagan. Bu manzil faqat quyidagilarni qabul qiladi: {allowed}."),
        format!("Метод не разрешён. Этот адрес принимает только: {allowed}."),
        format!(
            "Method Not Allowed. This URL can only handle the following request methods: {allowed}."
        ),
    )
}
