/**
 * What a schema.org type says a business or product is, in the plain English words a category
 * tree is written in ("LodgingBusiness" → travel, hotels). The words are resolved against the
 * tree's own names and keywords (kindIsCategory), so the table names no category: a tree without
 * a travel category simply gets nothing from a hotel's markup.
 *
 * Only types that say what the business does. Generic ones (Organization, LocalBusiness, Store,
 * WebSite, Product, BusinessApplication) say nothing about the field a site is in and are left out:
 * a word like "business" must not pull in whatever category happens to use it.
 */
const TYPE_WORDS: Record<string, readonly string[]> = {
  // LocalBusiness subtypes
  LodgingBusiness: ['travel', 'hotels'],
  Hotel: ['travel', 'hotels'],
  Motel: ['travel', 'hotels'],
  Hostel: ['travel', 'hotels'],
  BedAndBreakfast: ['travel', 'hotels'],
  Resort: ['travel', 'hotels'],
  Campground: ['travel'],
  VacationRental: ['travel'],
  TravelAgency: ['travel', 'travel booking'],
  TouristInformationCenter: ['travel'],
  FoodEstablishment: ['food', 'restaurant'],
  Restaurant: ['food', 'restaurant'],
  FastFoodRestaurant: ['food', 'restaurant'],
  CafeOrCoffeeShop: ['food', 'coffee'],
  Bakery: ['food', 'bakery'],
  BarOrPub: ['food'],
  Brewery: ['food'],
  Winery: ['food', 'wine', 'winery'],
  Distillery: ['food'],
  IceCreamShop: ['food'],
  GroceryStore: ['food'],
  HomeAndConstructionBusiness: ['local business'],
  GeneralContractor: ['local business', 'craftsman'],
  Electrician: ['local business', 'electrician'],
  Plumber: ['local business', 'plumber'],
  HVACBusiness: ['local business', 'craftsman'],
  HousePainter: ['local business', 'craftsman'],
  Locksmith: ['local business', 'craftsman'],
  RoofingContractor: ['local business', 'craftsman'],
  MovingCompany: ['local business'],
  AutoRepair: ['local business', 'repair'],
  AutoBodyShop: ['local business', 'repair'],
  DryCleaningOrLaundry: ['local business', 'cleaning service'],
  HealthAndBeautyBusiness: ['local business', 'salon'],
  BeautySalon: ['local business', 'salon'],
  HairSalon: ['local business', 'salon'],
  NailSalon: ['local business', 'salon'],
  DaySpa: ['local business', 'salon'],
  TattooParlor: ['local business', 'salon'],
  ChildCare: ['local business', 'family'],
  AnimalShelter: ['pets'],
  ProfessionalService: ['services', 'service provider'],
  LegalService: ['legal', 'lawyer'],
  Attorney: ['legal', 'lawyer'],
  Notary: ['legal'],
  AccountingService: ['accounting'],
  FinancialService: ['finance'],
  EmploymentAgency: ['recruiting'],
  MedicalBusiness: ['medical'],
  MedicalClinic: ['medical', 'clinic'],
  Dentist: ['medical'],
  Physician: ['medical', 'doctor'],
  Optician: ['medical'],
  Pharmacy: ['medical', 'health'],
  ExerciseGym: ['fitness', 'gym'],
  HealthClub: ['fitness', 'gym'],
  SportsClub: ['fitness'],
  DrivingSchool: ['driving school', 'local business'],
  // Organisations and works
  EducationalOrganization: ['education'],
  School: ['education', 'school'],
  Preschool: ['education', 'school', 'kids'],
  ElementarySchool: ['education', 'school', 'kids'],
  MiddleSchool: ['education', 'school'],
  HighSchool: ['education', 'school'],
  CollegeOrUniversity: ['education'],
  Course: ['education'],
  OnlineStore: ['e-commerce', 'online store'],
  VideoGame: ['games', 'video game'],
  MusicGroup: ['music', 'musician'],
  MusicAlbum: ['music'],
  MusicRecording: ['music'],
  PodcastSeries: ['podcast'],
  Recipe: ['food', 'recipes'],
  // Software
  SoftwareApplication: ['software'],
  MobileApplication: ['mobile app', 'software'],
  WebApplication: ['software'],
};

/** schema.org's applicationCategory values (with or without the "Application" suffix). */
const APPLICATION_WORDS: Record<string, readonly string[]> = {
  game: ['games'],
  socialnetworking: ['social network'],
  travel: ['travel'],
  shopping: ['e-commerce'],
  sports: ['fitness'],
  lifestyle: ['lifestyle'],
  design: ['design'],
  multimedia: ['media'],
  educational: ['education'],
  education: ['education'],
  health: ['health'],
  medical: ['medical', 'health'],
  finance: ['finance'],
  security: ['security', 'privacy'],
  communication: ['communication'],
  developer: ['developer tools'],
  utilities: ['utility'],
  productivity: ['productivity'],
  home: ['home'],
};

/** The words for a top-level JSON-LD @type, or none when the type says nothing about the field. */
export function typeWords(type: string): readonly string[] {
  return TYPE_WORDS[type.trim().replace(/^.*[/:#]/, '')] ?? [];
}

/**
 * The words for an applicationCategory value: schema.org's names ("GameApplication"), or a plain
 * word a site writes there ("Finance", "Productivity"), which is the site's own word already.
 */
export function applicationCategoryWords(value: string): readonly string[] {
  const plain = value.trim().replace(/^.*[/:#]/, '').toLowerCase();
  const key = plain.endsWith('application') ? plain.slice(0, -'application'.length) : plain;
  const listed = APPLICATION_WORDS[key.replaceAll(' ', '')];
  if (listed) return listed;
  // An unknown schema-style name ("ReferenceApplication", "BusinessApplication") says nothing;
  // a plain word is matched as it stands.
  return plain.endsWith('application') || key.length < 3 ? [] : [key];
}
