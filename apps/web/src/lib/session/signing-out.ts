/**
 * Whether the user is signing out now (between the Sign Out click and the landing page): a call still on its way
 * answers 401 then, and its session check must not send the user to the sign-in screen of the page they are leaving
 * (issue 39: under load the check could finish before the sign-out's own navigation, ending on /login).
 */
let signingOut = false;

export const markSigningOut = (on: boolean) => {
  signingOut = on;
};
export const isSigningOut = () => signingOut;
