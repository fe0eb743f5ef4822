/** The navigation state that carries a one-time notice to the next page (a report sent, an account deleted); the layout shows it. */
export interface FlashState {
  notice?: string;
}
