// Demo mode's accounts (seeded on first start with DEMO_MODE on; they never exist otherwise).
// The password is public on purpose: these accounts hold nothing real.
export const DEMO_PASSWORD = 'tagalong-demo';

export interface DemoAccount {
  email: string;
  name: string;
  description: string;
  admin: boolean;
  /** Mobile number verified and identity check approved, so verifiedProfile is true. */
  verified: boolean;
  phoneNumber: string | null;
}

// Numbers from the US range reserved for fiction (555-01xx): valid in form, never a real phone.
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'admin@tagalong.test',
    name: 'Alex Admin',
    description: 'Administrator: the back office and everything in it.',
    admin: true,
    verified: true,
    phoneNumber: '+12025550101',
  },
  {
    email: 'sender@tagalong.test',
    name: 'Sam Sender',
    description: 'Verified member who sends packages.',
    admin: false,
    verified: true,
    phoneNumber: '+12025550102',
  },
  {
    email: 'traveler@tagalong.test',
    name: 'Tess Traveler',
    description: 'Verified member who carries packages.',
    admin: false,
    verified: true,
    phoneNumber: '+12025550103',
  },
  {
    email: 'new@tagalong.test',
    name: 'Nico Newcomer',
    description: 'Signed up, e-mail confirmed, onboarding not finished.',
    admin: false,
    verified: false,
    phoneNumber: null,
  },
];
