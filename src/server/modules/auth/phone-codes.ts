/** How long a texted code can be used; its expiry answer names it to the member. */
export const PHONE_CODE_EXPIRES_MINUTES = 10;
