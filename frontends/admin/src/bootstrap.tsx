import { mountStandalone } from '@budget/web';
import App from './App.js';

mountStandalone(App);
