import AuthctlKit
import Foundation

// https://firebase.google.com/docs/projects/multiprojects ("Configure multiple projects",
// Apple platforms, Swift): options built in code or read from a file, a second app, and the
// `Auth` of each app.

func configureApps(plistPath: String) {
    // Configure with manual options. Note that projectID and apiKey, though not
    // required by the initializer, are mandatory.
    let secondaryOptions = FirebaseOptions(googleAppID: "1:27992087142:ios:2a4732a34787067a", gcmSenderID: "27992087142")
    secondaryOptions.apiKey = "AIzaSyBicqfAZPvMgC7NZkjayUEsrepxuXzZDsk"
    secondaryOptions.projectID = "projectid-12345"
    // The other options are not mandatory, but may be required for specific Firebase products.
    secondaryOptions.bundleID = "com.google.firebase.devrel.FiroptionConfiguration"
    secondaryOptions.clientID = "27992087142-ola6qe637ulk8780vl8mo5vogegkm23n.apps.googleusercontent.com"
    secondaryOptions.databaseURL = "https://myproject.firebaseio.com"
    secondaryOptions.storageBucket = "myproject.appspot.com"
    secondaryOptions.appGroupID = nil

    // Or load it from a plist.
    let filePath = plistPath
    guard let fileopts = FirebaseOptions(contentsOfFile: filePath) else { fatalError("Couldn't load config file") }
    print(fileopts.projectID ?? "", fileopts.googleAppID, fileopts.gcmSenderID)

    // FirebaseOptions is NSCopying: a copy to change for a third app leaves these as they are.
    let thirdOptions = secondaryOptions.copy() as! FirebaseOptions
    thirdOptions.projectID = "projectid-67890"
    FirebaseApp.configure(options: fileopts)
    // Configure an alternative FIRApp.
    FirebaseApp.configure(name: "secondary", options: secondaryOptions)
    FirebaseApp.configure(name: "third", options: thirdOptions)

    // Retrieve a previous created named app.
    guard let secondary = FirebaseApp.app(name: "secondary") else { assert(false, "Could not retrieve secondary app") }
    let secondaryAuth = Auth.auth(app: secondary)
    print(secondary.name, secondary.options.apiKey ?? "", secondaryAuth.app?.name ?? "", FirebaseApp.allApps?.count ?? 0)
    print(FirebaseApp.app()?.isDataCollectionDefaultEnabled ?? false, FirebaseOptions.defaultOptions()?.projectID ?? "")
    secondary.delete { success in
        print(success)
    }
}
