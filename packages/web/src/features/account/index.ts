/** Public entry of the account feature: what other features may import (screens load through routes.tsx). */
export { CaptchaField, useCaptchaOnDemand } from './CaptchaField';
export { emailCodeRules, emailRules, passwordAgainRules, passwordRules, usernameRules } from './rules';
export { SecondFactorField, asksSecondFactor, secondFactorOf, type SecondFactorValues } from './two-factor/SecondFactorField';
