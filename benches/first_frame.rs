//! The desk's first frame: from a process with nothing to the login screen laid out and turned
//! into triangles, as the window paints it. Each start is a fresh process (a desk starts once;
//! a second start in one process would find fonts, translations and allocator already warm),
//! with no settings: demo mode, its twin starting in the background. The runtime, the settings,
//! the store, the fonts and the first `update` are in the figure; what the system takes to open
//! a window and a GL context is not (no display here).
//! Run: `cargo bench --bench first_frame`.

use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::ui::{self, DeskApp};
use std::time::{Duration, Instant};

/// How many fresh starts are measured.
const STARTS: usize = 15;

/// One start, in this process: the time to the first frame's triangles, in microseconds.
fn one(folder: &std::path::Path) -> Result<u128, String> {
    let start = Instant::now();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let paths = DeskPaths {
        config_dir: folder.join("config"),
        data_dir: folder.join("data"),
    };
    let desk = Desk::start(rt.handle().clone(), paths).map_err(|e| e.to_string())?;
    let ctx = egui::Context::default();
    ui::setup_context(&ctx, &desk);
    let mut app = DeskApp::new(desk);
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 800.0),
        )),
        ..egui::RawInput::default()
    };
    let out = ctx.run_ui(input, |ui| {
        let c = ui.ctx().clone();
        app.logic(&c);
        app.show(ui);
    });
    let triangles = ctx.tessellate(out.shapes, out.pixels_per_point);
    let took = start.elapsed();
    if triangles.is_empty() {
        return Err("the first frame drew nothing".into());
    }
    drop(app);
    drop(rt);
    Ok(took.as_micros())
}

fn main() {
    if let Some(folder) = std::env::var_os("FIRST_FRAME_FOLDER") {
        match one(std::path::Path::new(&folder)) {
            Ok(us) => println!("{us}"),
            Err(e) => eprintln!("{e}"),
        }
        return;
    }
    let me = match std::env::current_exe() {
        Ok(me) => me,
        Err(e) => {
            println!("not measured: {e}");
            return;
        }
    };
    let mut times = Vec::new();
    for i in 0..STARTS {
        let folder = std::env::temp_dir().join(format!("first-frame-{}-{i}", std::process::id()));
        let out = std::process::Command::new(&me)
            .env("FIRST_FRAME_FOLDER", &folder)
            .output();
        let _ = std::fs::remove_dir_all(&folder);
        match out {
            Ok(o) => match String::from_utf8_lossy(&o.stdout).trim().parse::<u64>() {
                Ok(us) => times.push(Duration::from_micros(us)),
                Err(_) => {
                    println!(
                        "a start failed: {}",
                        String::from_utf8_lossy(&o.stderr).trim()
                    );
                    return;
                }
            },
            Err(e) => {
                println!("a start failed: {e}");
                return;
            }
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "first frame, {STARTS} fresh starts in demo mode: median {:.1} ms, best {:.1} ms, worst {:.1} ms",
        ms(times[times.len() / 2]),
        ms(times[0]),
        ms(times[times.len() - 1]),
    );
}
