/**
 * The ALTCHA widget (a web component, `<altcha-widget>`) with its Brazilian Portuguese strings. Loaded on demand
 * by the captcha component, so that only the public lookup pages pay for it.
 */
import 'altcha';
import 'altcha/i18n/pt-br';
