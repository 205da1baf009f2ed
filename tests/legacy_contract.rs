//! The legacy client against the twin: every route, its success shape and its failure shapes.

mod common;

use common::*;
use parcel_desk::api::codes::{Delivery, LegacyStatus, ParcelStatus, ProductUnit};
use parcel_desk::api::legacy::*;
use parcel_desk::api::{ApiError, LegacyClient, Sum};
use parcel_desk::twin::SandboxConfig;
use serde_json::json;

#[tokio::test]
async fn token_wrong_credentials_is_unauthorized_with_the_services_text() {
    let t = twin().await;
    let c = LegacyClient::new(url(&t.legacy_url()), quick_config()).unwrap();
    let asked = |password: &str, inn: &str| TokenRequest {
        username: "demo".into(),
        password: password.into(),
        inn: inn.into(),
    };
    let err = c.get_token(asked("wrong", "123456789")).await.unwrap_err();
    match err {
        ApiError::Unauthorized { message } => assert!(message.contains("notoʻgʻri"), "{message}"),
        other => panic!("expected Unauthorized, got {other:?}"),
    }
    // Without a token nothing but get-token works.
    assert!(matches!(
        c.track(1).await,
        Err(ApiError::Unauthorized { .. })
    ));
    // A blank field is a validation error keyed by the field.
    let err = c.get_token(asked("demo12345", "")).await.unwrap_err();
    assert_eq!(err.field("inn").len(), 1);
    // The real service's token: an opaque 40-hex string, never a JWT.
    let token = c.get_token(asked("demo12345", "123456789")).await.unwrap();
    assert_eq!(token.len(), 40, "{token}");
    assert!(token.chars().all(|ch| ch.is_ascii_hexdigit()), "{token}");
}

#[tokio::test]
async fn create_detail_track_history_and_cancel() {
    let t = twin().await;
    let c = legacy(&t).await;
    let mut order = legacy_order();
    order.client_id = Some("REF-77".into());
    order.wcs_code = Some("desk-0001".into());
    let created = c.add_order(&order).await.unwrap();
    assert_eq!(created.core.barcode.len(), 12);
    assert!(created.core.barcode.chars().all(|ch| ch.is_ascii_digit()));
    assert_eq!(created.core.status.id, LegacyStatus::AtSender);
    assert!(
        created
            .core
            .receiver_branch
            .as_ref()
            .and_then(|b| b.id)
            .is_some()
    );
    assert!(created.core.cost.0 > 0);
    let tracking = created.tracking.clone().unwrap();
    assert!(tracking.contains("/track?term="));

    // The label URL is a real PDF served by the twin.
    let pdf = raw()
        .get(created.label_sticker.clone().unwrap())
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF-"));

    let detail = c.order_detail(created.order_id).await.unwrap();
    assert_eq!(detail.order_id, created.order_id);
    assert_eq!(detail.core.client_id.as_deref(), Some("REF-77"));
    assert_eq!(detail.core.weight.grams(), 2500);
    assert!(
        detail
            .label_encode
            .as_deref()
            .is_some_and(|l| l.starts_with("JVBER")),
        "base64 of a PDF"
    );

    // Advance twice on the twin, then the history has three entries.
    for _ in 0..2 {
        advance(&t, created.order_id).await;
    }
    let track = c.track(created.order_id).await.unwrap();
    assert_eq!(track.status.id, LegacyStatus::AtSendingOffice);
    let history = c.history(created.order_id).await.unwrap();
    assert_eq!(history.len(), 3);
    assert_eq!(history[2].status_id, LegacyStatus::AtSendingOffice);
    assert!(history.windows(2).all(|w| w[0].timestamp <= w[1].timestamp));

    // Past code 100 the order can no longer be cancelled.
    let err = c.cancel_order(created.order_id).await.unwrap_err();
    assert_eq!(err.field("id").len(), 1);

    // A fresh one can, once.
    let second = c.add_order(&legacy_order()).await.unwrap();
    let cancelled = c.cancel_order(second.order_id).await.unwrap();
    assert_eq!(cancelled.order_id, second.order_id);
    assert_eq!(cancelled.status.id, LegacyStatus::Refused);
    let reasons = c.cancellation(second.order_id).await.unwrap();
    assert_eq!(reasons.len(), 1);
    // A second cancel: production's 400 envelope with a sentence in the asked language.
    match c.cancel_order(second.order_id).await.unwrap_err() {
        ApiError::BadRequest { message } => assert!(message.contains("allaqachon"), "{message}"),
        other => panic!("expected the 400 envelope, got {other:?}"),
    }
    assert!(c.cancellation(created.order_id).await.unwrap().is_empty());

    // Unknown ids are 404.
    assert!(matches!(
        c.order_detail(1).await,
        Err(ApiError::NotFound { .. })
    ));
}

#[tokio::test]
async fn validation_errors_land_under_their_fields() {
    let t = twin().await;
    let c = legacy(&t).await;
    let mut o = legacy_order();
    o.sender_phone = "12345".into();
    o.receiver_branch_id = Some(1); // a Tashkent district branch, not in Samarkand
    o.wcs_code = Some("x".repeat(71));
    o.post_types = vec![parcel_desk::api::legacy::ItemLine {
        name: "Ўзбекча узун ном, йигирмадан ортиқ".into(),
        code: String::new(),
        count: 0,
        cost: parcel_desk::api::Sum(1_000),
    }];
    let err = c.add_order(&o).await.unwrap_err();
    assert_eq!(err.field("senderPhone").len(), 1);
    assert_eq!(err.field("receiver_branch_id").len(), 1);
    assert_eq!(err.field("wcs_code").len(), 1);
    assert_eq!(err.field("postTypes[0].name").len(), 1);
    assert_eq!(err.field("postTypes[0].count").len(), 1);

    // A wcs_code is an idempotency key: a second create with it is refused, not duplicated.
    let mut o = legacy_order();
    o.wcs_code = Some("same-key".into());
    c.add_order(&o).await.unwrap();
    let err = c.add_order(&o).await.unwrap_err();
    assert!(!err.field("wcs_code").is_empty());
    let found: serde_json::Value = get_json(format!(
        "{}/sandbox/orders?wcs_code=same-key",
        common::control(&t)
    ))
    .await;
    assert_eq!(found.as_array().unwrap().len(), 1);

    // An empty key is no key: three orders sent with "" are three orders, none refused.
    let mut keyless = legacy_order();
    keyless.wcs_code = Some(String::new());
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(
            c.add_order(&keyless)
                .await
                .expect("an order without a key")
                .order_id,
        );
    }
    ids.dedup();
    assert_eq!(ids.len(), 3);

    // Type errors name the field path.
    let resp = json_of(
        raw()
            .post(format!("{}?r=v1/order/calculate", t.legacy_url()))
            .bearer_auth(twin_http::login(&t, twin_http::DEMO).await.legacy)
            .json(&json!({"senderCityId": 101, "receiverCityId": 45, "weight": "heavy"})),
    )
    .await;
    assert!(resp["errors"]["weight"].is_array(), "{resp}");
}

#[tokio::test]
async fn edit_keeps_the_id_and_reprices() {
    let t = twin().await;
    let c = legacy(&t).await;
    let created = c.add_order(&legacy_order()).await.unwrap();
    let mut edit = legacy_order();
    edit.order_id = Some(created.order_id);
    edit.weight = parcel_desk::api::Weight::from_grams(12_000);
    edit.receiver_delivery = Some(Delivery::Courier);
    let edited = c.edit_order(&edit).await.unwrap();
    assert_eq!(edited.order_id, created.order_id);
    assert_eq!(edited.core.weight.grams(), 12_000);
    assert!(edited.core.cost > created.core.cost);
    // Without an id the client refuses before sending.
    assert!(
        c.edit_order(&legacy_order())
            .await
            .unwrap_err()
            .field("orderId")
            .len()
            == 1
    );
}

#[tokio::test]
async fn goods_and_cash_on_delivery() {
    let t = twin().await;
    let c = legacy(&t).await;
    let good = c
        .register_good(&GoodInput {
            spic: "06109001001000000".into(),
            name: "Futbolka".into(),
            units: "dona".into(),
            good_price: Sum(45_000),
        })
        .await
        .unwrap();
    assert_eq!(good.good_price, Sum(45_000));
    let list = c.list_goods().await.unwrap();
    assert_eq!(list, vec![good.clone()]);
    let bad = c
        .register_good(&GoodInput {
            spic: "123".into(),
            name: "x".into(),
            units: "dona".into(),
            good_price: Sum(1),
        })
        .await
        .unwrap_err();
    assert_eq!(bad.field("spic").len(), 1);

    let mut o = legacy_order();
    o.bring_back_money = Some(1);
    o.back_money = Some(Sum(90_000));
    let err = c.add_order(&o).await.unwrap_err();
    assert_eq!(
        err.field("options").len(),
        1,
        "COD without receipt goods is refused"
    );
    o.options = vec![OrderOption {
        option_id: 2,
        goods: vec![OptionGood {
            id: None,
            mxik_goods_id: good.id,
            amount: 1,
            good_price: Sum(45_000),
        }],
    }];
    let err = c.add_order(&o).await.unwrap_err();
    assert_eq!(err.field("back_money").len(), 1, "total must match");
    o.options[0].goods[0].amount = 2;
    let created = c.add_order(&o).await.unwrap();
    assert!(created.order_id > 0);
}

#[tokio::test]
async fn calculate_by_json_and_by_form_data() {
    let t = twin().await;
    let c = legacy(&t).await;
    let req = CalculateRequest {
        sender_city_id: 101,
        receiver_city_id: 56,
        weight: parcel_desk::api::Weight::from_grams(3000),
        volume: None,
        sender_date: None,
        sender_delivery: Some(Delivery::Courier),
        receiver_delivery: Some(Delivery::Office),
    };
    let price = c.calculate(&req).await.unwrap();
    assert!(price.summary_price.0 > 0);
    assert_eq!(price.request_data.sender_city_id, 101);
    assert!(price.request_data.sender_date.is_some());
    let err = c
        .calculate(&CalculateRequest {
            receiver_city_id: 999,
            ..req.clone()
        })
        .await
        .unwrap_err();
    assert_eq!(err.field("receiverCityId").len(), 1);

    // Some integrators send the calculation as multipart form-data.
    let form = reqwest::multipart::Form::new()
        .text("senderCityId", "101")
        .text("receiverCityId", "56")
        .text("weight", "3")
        .text("senderDelivery", "1")
        .text("receiverDelivery", "0");
    let v = json_of(
        raw()
            .post(format!("{}?r=v1/order/calculate", t.legacy_url()))
            .bearer_auth(twin_http::login(&t, twin_http::DEMO).await.legacy)
            .multipart(form),
    )
    .await;
    assert_eq!(
        serde_json::from_value::<Sum>(v["summaryPrice"].clone()).unwrap(),
        price.summary_price
    );
}

#[tokio::test]
async fn directories() {
    let t = twin().await;
    let c = legacy(&t).await;
    assert_eq!(c.regions().await.unwrap().len(), 14);
    let cities = c.cities(None).await.unwrap();
    // The real numbering: ids 1 to 220, 153 and 202–215 unused; 101 is Samarkand city.
    assert_eq!(cities.len(), 205);
    // The production service names its cities in Russian whatever is asked; the contract's form
    // in the language asked for (here the default, Uzbek).
    let (samarkand, nukus) = if real_shapes() {
        ("г.Самарканд", "г.Нукус")
    } else {
        ("Samarqand shahar", "Nukus shahar")
    };
    assert!(cities.iter().any(|x| x.id == 101 && x.name == samarkand));
    assert!(cities.iter().any(|x| x.id == 8 && x.name == nukus));
    let tashkent_city = c.cities(Some(6)).await.unwrap();
    assert!(tashkent_city.iter().all(|x| x.region_id == 6));
    let branches = c.branches(Some(8)).await.unwrap();
    assert!(!branches.is_empty() && branches.iter().all(|b| b.region_id == 8));
    let in_city = c.branches_with_city(Some(101)).await.unwrap();
    assert!(in_city.len() >= 3 && in_city.iter().all(|b| b.city_id == 101));
    assert!(in_city[0].coordinates().is_some());
    let all = c.branches_with_city(None).await.unwrap();
    assert!(
        all.iter().any(|b| b.working_hours.day(6).is_none()),
        "some branches close on Sunday"
    );
    let types = c.shipment_types().await.unwrap();
    assert_eq!(
        types.iter().map(|x| x.id).collect::<Vec<_>>(),
        (4..=33).collect::<Vec<_>>()
    );
    let packages = c.packaging_types().await.unwrap();
    assert_eq!(
        packages.iter().map(|x| x.id).collect::<Vec<_>>(),
        (4..=10).collect::<Vec<_>>()
    );
    assert_eq!(c.yes_no().await.unwrap().len(), 2);
    assert_eq!(c.statuses().await.unwrap().len(), LegacyStatus::ALL.len());
}

#[tokio::test]
async fn an_expired_token_is_renewed_silently_whether_refused_with_400_or_401() {
    for status in [400, 401] {
        let t = twin_with(parcel_desk::twin::SandboxConfig {
            legacy_bad_token_status: status,
            ..twin_config()
        })
        .await;
        let c = legacy(&t).await;
        let created = c.add_order(&legacy_order()).await.unwrap();
        expire_tokens(&t).await;
        // Refused once with `status`; a new token, and the call goes through.
        assert_eq!(
            c.track(created.order_id).await.unwrap().order_id,
            created.order_id,
            "refused with {status}"
        );
        t.stop().await;
    }
}

#[tokio::test]
async fn international_parcels_and_manifests() {
    let t = twin().await;
    let c = legacy(&t).await;
    let parcel = |n: &str, value: &str| -> parcel_desk::api::international::ParcelInput {
        serde_json::from_value(json!({
            "ParcelNumber": n, "ReceiverPhone": "+998 90 1234567", "ReceiverSurname": "Karimov",
            "ReceiverFirstName": "Aziz", "ReceiverPassposrtSerial": "AA", "ReceiverPassposrtNumber": "1234567",
            "ReceiverPinfl": "31234567890123", "ParcelWeight": "1.5", "ParcelValue": value,
            "ParcelDeclareCurrency": "USD", "ReceiverCityId": 101, "ReceiverDelivery": "0",
            "products": [{"ProductDescription": "Sneakers", "ProductDescriptionRu": "Кроссовки",
                "ProductQuantity": "1", "ProductWeight": "1.2", "ProductDeclareValue": value,
                "ProductUrl": "https://shop.example/p/1", "ProductUnit": "pcs", "HsCodeIs": "640411"}]
        }))
        .unwrap()
    };
    let created = c.add_parcel(&parcel("CN000000001UZ", "80")).await.unwrap();
    assert_eq!(created.parcel.products[0].unit, ProductUnit::Piece);
    assert!(
        created.branch.as_ref().and_then(|b| b.id).is_some(),
        "office delivery picks a branch of the city"
    );
    assert_eq!(
        created.city.as_ref().and_then(|c| c.name.as_deref()),
        Some("Samarqand shahar")
    );
    let dup = c
        .add_parcel(&parcel("CN000000001UZ", "80"))
        .await
        .unwrap_err();
    assert_eq!(dup.field("ParcelNumber").len(), 1);
    let mut bad = parcel("CN000000009UZ", "80");
    bad.pinfl = "123".into();
    assert_eq!(
        c.add_parcel(&bad)
            .await
            .unwrap_err()
            .field("ReceiverPinfl")
            .len(),
        1
    );

    let track = c.track_parcel("CN000000001UZ").await.unwrap();
    assert_eq!(track.status.code, ParcelStatus::AtSender);
    assert!(matches!(
        c.track_parcel("nope").await,
        Err(ApiError::NotFound { .. })
    ));

    // Customs refuses the expensive one on its way.
    c.add_parcel(&parcel("CN000000002UZ", "5000"))
        .await
        .unwrap();
    for _ in 0..2 {
        raw()
            .post(format!(
                "{}/sandbox/parcels/CN000000002UZ/advance",
                common::control(&t)
            ))
            .send()
            .await
            .unwrap();
    }
    assert_eq!(
        c.track_parcel("CN000000002UZ").await.unwrap().status.code,
        ParcelStatus::CanceledByCustoms
    );

    let manifest = |number: &str, count: &str, parcels: &[&str]| {
        parcel_desk::api::international::ManifestInput {
            manifest_number: number.into(),
            parcels: parcels
                .iter()
                .map(|p| parcel_desk::api::international::ManifestParcel {
                    parcel_number: p.to_string(),
                })
                .collect(),
            details: parcel_desk::api::international::ManifestDetails {
                parcels_count: count.into(),
                date: "2026-11-22".into(),
            },
        }
    };
    let ok = c
        .submit_manifest(&manifest("M-1", "2", &["CN000000001UZ", "CN000000002UZ"]))
        .await
        .unwrap();
    assert!(ok.success);
    let again = c
        .submit_manifest(&manifest("M-1", "1", &["CN000000001UZ"]))
        .await
        .unwrap_err();
    assert_eq!(again.field("ManifestNumber").len(), 1);
    let wrong_count = c
        .submit_manifest(&manifest("M-2", "3", &["CN000000001UZ"]))
        .await
        .unwrap_err();
    assert_eq!(wrong_count.field("ParcelsCount").len(), 1);
}

#[tokio::test]
async fn wrong_route_and_wrong_verb_use_the_framework_body() {
    let t = twin().await;
    let token = twin_http::login(&t, twin_http::DEMO).await.legacy;
    let (status, v) = get_with_token(format!("{}?r=v1/order/add", t.legacy_url()), &token).await;
    assert_eq!(status, 405);
    assert_eq!(v["status"], json!(405));
    let (status, _) = status_and_json(raw().get(format!("{}?r=v1/nothing", t.legacy_url()))).await;
    assert_eq!(status, 404);
    let (status, _) = get_with_token(format!("{}?r=v1/order/detail", t.legacy_url()), &token).await;
    assert_eq!(status, 400, "missing id");
}

/// The same client against the twin in production's shapes: `{code: 200, message, data}`, cities
/// named by `nameRu` only, branches with `address_ru`. The desk reads both forms alike.
#[tokio::test]
async fn directories_in_the_real_services_shapes() {
    let t = twin_with(SandboxConfig {
        real_shapes: true,
        ..twin_config()
    })
    .await;
    let c = legacy(&t).await;
    let raw_cities = json_of(
        raw()
            .get(format!("{}?r=directory/cities&regionId=8", t.legacy_url()))
            .bearer_auth(c.get_token(demo_login()).await.expect("a token")),
    )
    .await;
    assert_eq!(raw_cities["code"], json!(200), "{raw_cities}");
    // Every directory comes in production's envelope, not only the cities and branches.
    let token = c.get_token(demo_login()).await.expect("a token");
    for route in [
        "regions",
        "cities",
        "branches",
        "branches-with-city",
        "post-types",
        "packages",
        "yes-no",
        "statuses",
    ] {
        let answer = json_of(
            raw()
                .get(format!("{}?r=directory/{route}", t.legacy_url()))
                .bearer_auth(&token),
        )
        .await;
        assert_eq!(answer["code"], json!(200), "{route}: {answer}");
        assert!(
            answer["data"].as_array().is_some_and(|d| !d.is_empty()),
            "{route}: {answer}"
        );
    }
    let first = &raw_cities["data"][0];
    assert_eq!(first["nameRu"], json!("г.Самарканд"), "{first}");
    assert!(first.get("name").is_none(), "{first}");

    let cities = c.cities(None).await.unwrap();
    assert_eq!(cities.len(), 205);
    assert!(
        cities
            .iter()
            .any(|x| x.id == 101 && x.name == "г.Самарканд")
    );
    assert!(cities.iter().any(|x| x.id == 25 && x.name == "г.Андижан"));
    let in_city = c.branches_with_city(Some(101)).await.unwrap();
    assert!(in_city.len() >= 3 && in_city.iter().all(|b| b.city_id == 101));
    assert!(
        in_city.iter().all(|b| !b.address.is_empty()),
        "address_ru read"
    );
    // Production writes a branch's address in Russian under `address_ru`.
    let raw_branches = json_of(
        raw()
            .get(format!(
                "{}?r=directory/branches-with-city&cityId=101",
                t.legacy_url()
            ))
            .bearer_auth(&token),
    )
    .await;
    let branches = raw_branches["data"].as_array().expect("branches");
    for b in branches {
        let address = b["address_ru"].as_str().unwrap_or_default();
        assert!(address.starts_with("г.Самарканд, "), "{b}");
        assert!(
            !address.contains("koʻchasi") && b.get("address").is_none(),
            "{b}"
        );
    }
    assert_eq!(c.regions().await.unwrap().len(), 14);
    // Orders are created, found and cancelled against it as against the contract's form.
    let order = legacy_order();
    let created = c.add_order(&order).await.unwrap();
    assert_eq!(created.core.status.id, LegacyStatus::AtSender);
    let found = c.order_detail(created.order_id).await.unwrap();
    assert_eq!(found.core.barcode, created.core.barcode);
    // Its cities named as the city directory names them.
    assert_eq!(
        found.core.receiver_city.name.as_deref(),
        Some("г.Самарканд")
    );
    let sender = cities.iter().find(|x| x.id == 197).map(|x| x.name.clone());
    assert_eq!(found.core.sender_city.name, sender);
    assert_eq!(
        created.core.receiver_city.name.as_deref(),
        Some("г.Самарканд")
    );
    assert_eq!(
        c.track(created.order_id).await.unwrap().status.id,
        LegacyStatus::AtSender
    );
    let cancelled = c.cancel_order(created.order_id).await.unwrap();
    assert_eq!(cancelled.status.id, LegacyStatus::Refused);
}

/// Each interface at the root of its own port, as production's three hosts: clients written for
/// them work unchanged, and the single-port form keeps serving beside them.
#[tokio::test]
async fn the_three_interfaces_on_their_own_ports() {
    let any = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let t = twin_with(SandboxConfig {
        split: Some([any; 3]),
        ..twin_config()
    })
    .await;
    let [legacy_root, current_root, wms_root] = t.split_urls().expect("split");
    for root in [legacy_root.clone(), format!("{legacy_root}/")] {
        let c = legacy_with_url(&root).await;
        assert_eq!(c.cities(None).await.unwrap().len(), 205, "{root}");
    }
    let current = common::current_at(&current_root).await;
    assert!(
        !current
            .list(&parcel_desk::api::current_client::STATUSES, None, None)
            .await
            .unwrap()
            .items
            .is_empty()
    );
    let wms = parcel_desk::api::WarehouseClient::new(url(&wms_root), quick_config()).unwrap();
    wms.login("123456789", "demo12345")
        .await
        .expect("warehouse login at its root");
    // The single port still serves all three.
    assert_eq!(legacy(&t).await.regions().await.unwrap().len(), 14);
}

async fn legacy_with_url(address: &str) -> LegacyClient {
    let c = LegacyClient::new(url(address), quick_config()).expect("client");
    c.get_token(demo_login()).await.expect("demo token");
    c
}
