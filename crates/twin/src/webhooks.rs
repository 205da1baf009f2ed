//! Delivery of status notifications to the registered address: the contract's headers, a JSON
//! body for a legacy registration, form-data with the JSON in field `text` for a current one,
//! retried with backoff until a 2xx answer. Receivers in production read either form, and the
//! service's deliveries are seen both ways: a receiver that refuses the body's form (400 or 415)
//! gets the other one at the next attempt, and keeps the one it accepted.

use super::model::{BodyForm, Iface, WebhookAttempt};
use super::shared::Shared;
use super::world::{WebhookJob, epoch_now};
use api::webhook::headers;
use std::time::Duration;

/// The header the twin puts on its own deliveries, holding its instance name, so that one which
/// finds its way back to the twin is refused at the door.
pub(crate) const DELIVERY_HEADER: &str = "x-sandbox-delivery";

/// Delivers each job in the background (retries included).
pub(crate) fn send(s: &Shared, jobs: Vec<WebhookJob>) {
    for job in jobs {
        spawn(s.clone(), job);
    }
}

pub(crate) fn spawn(s: Shared, job: WebhookJob) {
    tokio::spawn(async move { deliver(s, job).await });
}

async fn deliver(s: Shared, job: WebhookJob) {
    let (attempts, base) = (s.config.webhook_attempts, s.config.webhook_backoff);
    let body = match serde_json::to_string(&job.notification) {
        Ok(b) => b,
        Err(e) => {
            tracing::error!("cannot encode notification: {e}");
            return;
        }
    };
    let own = s.world().instance.clone();
    let mut form = job.reg.body.unwrap_or(match job.reg.via {
        Iface::Current => BodyForm::Form,
        _ => BodyForm::Json,
    });
    for attempt in 1..=attempts.max(1) {
        // Checked again at each attempt: the address was checked when registered, but the
        // twin's own ports may differ after a restart, and what its name resolves to may change.
        if super::webhook_reg::resolves_to_twin(&job.reg.url, &s.addresses).await {
            tracing::warn!(url = %job.reg.url, "webhook address points at the sandbox itself; not sent");
            return;
        }
        let mut req = s
            .hooks
            .post(&job.reg.url)
            .header(DELIVERY_HEADER, own.as_str())
            .header(headers::VERSION, "v1")
            .header(headers::ENVIRONMENT, job.reg.environment.as_str())
            .header(
                headers::PARTNER_KEY,
                job.reg.api_key.clone().unwrap_or_default(),
            );
        if job.reg.has_token
            && let Some(token) = &job.reg.api_key
        {
            req = req.bearer_auth(token);
        }
        req = match form {
            BodyForm::Form => {
                req.multipart(reqwest::multipart::Form::new().text("text", body.clone()))
            }
            BodyForm::Json => req
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.clone()),
        };
        let sent = match s.sending.acquire().await {
            Ok(_permit) => req.send().await,
            // Never closed; were it, the notification would still go.
            Err(_) => req.send().await,
        };
        let (status, error) = match sent {
            Ok(r) => (Some(r.status().as_u16()), None),
            Err(e) => (None, Some(e.without_url().to_string())),
        };
        s.world().log_attempt(WebhookAttempt {
            order_id: job.notification.order_id,
            url: job.reg.url.clone(),
            attempt,
            status,
            error,
            at: epoch_now(),
        });
        if status.is_some_and(|c| (200..300).contains(&c)) {
            let reg = &job.reg;
            s.world().note_body_form(reg.customer_id, &reg.url, form);
            return;
        }
        if matches!(status, Some(400 | 415)) {
            form = form.other();
        }
        if attempt < attempts {
            tokio::time::sleep(base * 2u32.saturating_pow(attempt - 1).min(64)).await;
        }
    }
    tracing::warn!(
        order = job.notification.order_id,
        "webhook gave up after {attempts} attempts"
    );
}

/// Default backoff between attempts.
pub(crate) const DEFAULT_BACKOFF: Duration = Duration::from_secs(2);
