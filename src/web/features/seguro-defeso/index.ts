export { CondicoesSeguroDefeso } from './condicoes-seguro-defeso';
