// Registro de señales (issue 32 §4, GVP IX; docs/signals.md 'Gestión de señales'): the register and the button that opens a pair as a signal.
export { OpenSignalButton, type OpenSignalButtonProps, type SignalPair } from './open-signal-button';
export { SignalRegister } from './signal-register';
