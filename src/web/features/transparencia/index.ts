export { BaixarMeusDados, QuemAcessouMeusDados } from './quem-acessou';
