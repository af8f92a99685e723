//! The hot-seat page's entry point: mount only.

fn main() {
    outflank_ui::start();
}
