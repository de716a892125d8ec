export { Captcha, type CaptchaProps } from './captcha';
