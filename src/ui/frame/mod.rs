//! The frame every screen is drawn in, below the window and the screens: what a screen is (the
//! `Screen` trait), the context it is handed each frame (`Cx`: the desk and the toasts), the
//! events it raises for the window to handle once a frame, the keyboard commands, and the
//! declarations of every screen (`screen_id`). Screens and widgets import this; it imports
//! neither, so the window (`app`) can hold the screens without a circle.

pub mod commands;
pub mod cx;
pub mod event;
pub mod screen;
pub mod screen_id;
pub mod toasts;
