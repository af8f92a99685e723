//! The embeddable viewer's wasm (`dist/embed/outflank-embed_bg.wasm`), loaded by the classic
//! script `outflank-viewer.js` that a host platform includes (see `outflank_ui::embed`).

#[cfg(target_arch = "wasm32")]
mod exports {
    use outflank_ui::embed::Embedded;
    use wasm_bindgen::prelude::*;

    /// One mounted viewer, as JavaScript holds it.
    #[wasm_bindgen]
    pub struct ViewerHandle(Embedded);

    #[wasm_bindgen]
    impl ViewerHandle {
        /// Hands a host event to the viewer.
        pub fn deliver(&self, name: &str, payload: JsValue) {
            self.0.deliver(name, payload);
        }

        /// Removes the viewer from the page.
        pub fn unmount(&mut self) {
            self.0.unmount();
        }
    }

    /// Mounts a viewer in `element`; `to_host(name, payload)` receives its events.
    #[wasm_bindgen]
    pub fn mount(element: web_sys::HtmlElement, to_host: js_sys::Function) -> ViewerHandle {
        console_error_panic_hook::set_once();
        ViewerHandle(Embedded::mount(element, to_host))
    }
}

fn main() {}
