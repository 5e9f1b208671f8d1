import type { ESLint, Rule } from 'eslint';

declare const fronteiras: ESLint.Plugin & {
  rules: { 'modulos-do-servidor': Rule.RuleModule; 'features-da-web': Rule.RuleModule };
};
export default fronteiras;
