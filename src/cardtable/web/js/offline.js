// The offline page in the visitor's language, when its catalogue was kept by the
// service worker; otherwise the page stays as written, in English.

import { translatePage } from "./i18n.js";

translatePage();
