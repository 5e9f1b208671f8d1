export * from './identidade';
export * from './pescador';
export * from './referencia';
export * from './administracao';
